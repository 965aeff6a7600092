package org.opensrm.core;

import org.opensrm.common.SrmException;

/**
 * A change to one request, applied by {@link RequestStore#update} to the request as stored, inside the store's
 * transaction. Returns the changed request (built with the {@link Request} methods, which check every
 * transition), or the same one to change nothing; throws to change nothing and answer the client with that status.
 * It may run more than once (a retried transaction), so it has no side effects of its own.
 */
@FunctionalInterface
public interface RequestChange {
    Request apply(Request current) throws SrmException;
}

package org.opensrm.authz;

import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * Decides whether an authenticated client may use the storage element and as which local account.
 * Called on every request, so implementations answer from memory (re-reading their sources when those change,
 * never on the request path when avoidable) and are thread-safe.
 */
public interface Authorizer {

    /**
     * @return the local account the client acts as
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when the client is unmapped or banned (with an
     *                      explanation naming which), {@code SRM_INTERNAL_ERROR} when the source of decisions
     *                      cannot be reached
     */
    Account authorize(ClientIdentity client) throws SrmException;

    /**
     * The account and the per-path policy. By default {@link #authorize} with {@link PathPolicy#ANY}; the
     * {@link AuthorizationChain} narrows the policy for bearer tokens with storage scopes.
     *
     * @throws SrmException as {@link #authorize}
     */
    default Decision decide(ClientIdentity client) throws SrmException {
        return new Decision(authorize(client), PathPolicy.ANY, client.subject());
    }

    /** Refuses everyone: the default until an authorizer is configured. */
    Authorizer DENY_ALL = client -> {
        throw new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, "no authorization source is configured");
    };
}

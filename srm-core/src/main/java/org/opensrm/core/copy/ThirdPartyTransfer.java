package org.opensrm.core.copy;

import java.util.Optional;
import java.util.function.Supplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;

/**
 * Moves one file between two GridFTP doors on a client's behalf, with the credential it delegated: the data path
 * of srmCopy (a pull from a remote door to a local one, or a push the other way). The caller (the copy engine)
 * resolves SURLs to transfer URLs, holds the client's credential and decides what to do with the outcome.
 *
 * <p>{@link #start} refuses at once what must never run ({@link SrmException} with the status the client sees) and
 * otherwise returns a running transfer; what happens after (retries, checksum comparison, abort) ends in its
 * {@link CopyOutcome}. A transfer that does not end in {@link CopyOutcome#succeeded() success} leaves no file at
 * the destination.
 */
public interface ThirdPartyTransfer {
    /**
     * @param spec       the source and destination transfer URLs
     * @param credential the client's delegated credential, asked again before every attempt (a lease on the
     *                   client's DN: a renewal reaches the retries); empty = none or expired
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} for a door outside the allowed copy peers or without
     *                      a usable delegated credential, {@code SRM_INVALID_REQUEST} for an unsupported URL or a
     *                      source that is its own destination
     */
    RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential) throws SrmException;

    /** Data about an implementation, for the contract suite and the engine. */
    Capabilities capabilities();

    /**
     * @param schemes   the URL schemes it moves data between, e.g. {@code gsiftp}
     * @param checksums the checksum algorithm compared after each copy, e.g. {@code adler32}; empty = none
     */
    record Capabilities(java.util.Set<String> schemes, Optional<String> checksums) {
        public Capabilities {
            schemes = java.util.Set.copyOf(schemes);
        }
    }
}

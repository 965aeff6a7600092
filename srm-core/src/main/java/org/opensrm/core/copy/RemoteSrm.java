package org.opensrm.core.copy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;

/**
 * Another storage element's SRM, called for a client with the credential it delegated: the remote side of a copy.
 * {@link #prepareToGet} and {@link #prepareToPut} ask for a TURL and poll the request's status until the file is
 * ready; {@link #finish} then ends the remote request as the copy ended (srmReleaseFiles or srmPutDone after a
 * success, srmAbortRequest after a failure). Every failure of the remote side is an {@link SrmException} carrying
 * the remote file's status (or {@code SRM_FAILURE} when it cannot be reached or answers nonsense).
 */
public interface RemoteSrm {
    /**
     * A remote file made ready: the remote request's token, the TURL to move data from or to, and (a get) the
     * file's size when the remote SRM told it.
     */
    record Prepared(URI surl, String token, URI turl, boolean put, OptionalLong size) {
    }

    /**
     * @param protocols the transfer protocols asked for, most wanted first (e.g. {@code https, gsiftp}): the TURL's
     *                  scheme says which one the remote storage element chose
     * @param wanted    asked between polls; false stops polling ({@code SRM_ABORTED}, the remote request aborted)
     * @param within    how long to poll at most
     */
    Prepared prepareToGet(URI surl, List<String> protocols, DelegatedCredential credential, BooleanSupplier wanted,
                          Duration within) throws SrmException;

    /**
     * @param size       the size announced to the remote storage element (0: none)
     * @param spaceToken the remote storage element's space reservation to put into (the copy's targetSpaceToken)
     * @param protocols  as for {@link #prepareToGet}
     */
    Prepared prepareToPut(URI surl, long size, boolean overwrite, Optional<String> spaceToken, List<String> protocols,
                          DelegatedCredential credential, BooleanSupplier wanted, Duration within)
            throws SrmException;

    /**
     * Ends the remote request: after a success srmPutDone (a put; its failure is thrown) or srmReleaseFiles (a
     * get), after a failure srmAbortRequest (failures of which are only logged).
     */
    void finish(Prepared prepared, boolean succeeded, DelegatedCredential credential) throws SrmException;
}

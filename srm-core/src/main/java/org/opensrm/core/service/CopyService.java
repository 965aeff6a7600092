package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * srmCopy and srmStatusOfCopyRequest: a storage element fetching a file from another (pull) or sending one to
 * another (push) for a client, with the credential the client delegated on its connection
 * ({@link Caller#delegated()}). Full mode queues copies ({@code org.opensrm.core.full.QueuedCopyService});
 * gateway mode keeps no request state and offers none ({@link #NOT_SUPPORTED}).
 *
 * <p>Space reservations: a copy's {@link CopyRequest#targetSpaceToken()} is where its target lands: for a copy into
 * this storage element a reservation here it is counted against, for a copy to another the remote one's.
 */
public interface CopyService {
    /** Gateway mode's: every call answered {@code SRM_NOT_SUPPORTED}. */
    CopyService NOT_SUPPORTED = new CopyService() {
    };

    /**
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when the caller delegated no credential,
     *                      {@code SRM_INVALID_REQUEST} for an empty or too large request; per-file refusals are
     *                      in the answer's files
     */
    default CopyResult copy(Caller caller, CopyRequest request) throws SrmException {
        throw notSupported("srmCopy");
    }

    /**
     * @param sources the source SURLs to answer about (empty: every file)
     * @param targets the target SURLs to answer about (empty: every file); a file matches when it matches either
     */
    default CopyResult status(Caller caller, String token, List<String> sources, List<String> targets)
            throws SrmException {
        throw notSupported("srmStatusOfCopyRequest");
    }

    private static SrmException notSupported(String operation) {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED,
                operation + " needs request state, which this server keeps only in full mode (srm.mode=full)");
    }
}

package org.opensrm.core.service;

import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * The calls that act on a request by its token whatever its kind. Gateway mode keeps no request state, so it
 * answers the four calls that need some ({@link #suspend}, {@link #resume}, {@link #summaries}, {@link #tokens})
 * with {@code SRM_NOT_SUPPORTED}, the defaults here; full mode answers every one.
 */
public interface RequestControl {

    /** srmAbortRequest (empty {@code subset}) and srmAbortFiles. */
    List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException;

    /** srmReleaseFiles, with a token or by SURLs alone. */
    List<FileOutcome> release(Caller caller, String token, List<String> surls) throws SrmException;

    /** srmExtendFileLifeTime: lifetimes granted per SURL. */
    List<ExtendedLifetime> extend(Caller caller, String token, List<String> surls, Integer newPinSeconds)
            throws SrmException;

    /** srmSuspendRequest. */
    default void suspend(Caller caller, String token) throws SrmException {
        throw notSupported("srmSuspendRequest");
    }

    /** srmResumeRequest. */
    default void resume(Caller caller, String token) throws SrmException {
        throw notSupported("srmResumeRequest");
    }

    /** srmGetRequestSummary: one summary per token, in the order given. */
    default List<RequestSummary> summaries(Caller caller, List<String> tokens) throws SrmException {
        throw notSupported("srmGetRequestSummary");
    }

    /** srmGetRequestTokens: the caller's requests, with this userRequestDescription if given. */
    default List<RequestTokenInfo> tokens(Caller caller, Optional<String> description) throws SrmException {
        throw notSupported("srmGetRequestTokens");
    }

    private static SrmException notSupported(String operation) {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED,
                operation + " needs request state, which this server keeps only in full mode (srm.mode=full)");
    }

    /** srmExtendFileLifeTime's answer for one SURL. */
    record ExtendedLifetime(String surl, SrmStatus status, String explanation, Integer fileLifetime,
                            Integer pinLifetime) {
    }
}

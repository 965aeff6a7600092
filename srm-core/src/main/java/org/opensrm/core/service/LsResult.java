package org.opensrm.core.service;

import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmStatus;

/**
 * The answer to an srmLs or srmStatusOfLsRequest: request status (SRM_TOO_MANY_RESULTS when truncated) and one
 * detail per SURL.
 *
 * @param token the request token of a listing answered asynchronously (full mode); empty when answered at once
 */
public record LsResult(SrmStatus status, String explanation, List<PathDetail> details, Optional<String> token) {
    public LsResult {
        details = List.copyOf(details);
        java.util.Objects.requireNonNull(token, "token");
    }

    /** A listing answered at once. */
    public LsResult(SrmStatus status, String explanation, List<PathDetail> details) {
        this(status, explanation, details, Optional.empty());
    }
}

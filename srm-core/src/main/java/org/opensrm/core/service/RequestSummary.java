package org.opensrm.core.service;

import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;

/**
 * srmGetRequestSummary's answer for one token. For a token that cannot be answered (unknown, another user's),
 * only {@code token}, {@code status} and {@code explanation} mean anything.
 *
 * @param token       the token as the client sent it
 * @param status      the request-level status, or why there is no summary
 * @param explanation said with the status; empty if nothing to say
 * @param kind        the request's kind
 * @param total       its number of files
 * @param completed   files served or settled successfully
 * @param waiting     files queued or in progress
 * @param failed      files failed, aborted or expired
 */
public record RequestSummary(String token, SrmStatus status, String explanation, Optional<RequestKind> kind,
                             int total, int completed, int waiting, int failed) {
    public static RequestSummary refused(String token, SrmStatus status, String explanation) {
        return new RequestSummary(token, status, explanation, Optional.empty(), 0, 0, 0, 0);
    }

    /** Whether the token was answered with a summary (known, and the caller's), not {@link #refused}. */
    public boolean answered() {
        return kind.isPresent();
    }

    /**
     * srmGetRequestSummary's request-level status (GFD.129 &sect;5.15): {@code SRM_SUCCESS} when every token was
     * answered, {@code SRM_PARTIAL_SUCCESS} when some were, {@code SRM_FAILURE} when none was.
     */
    public static SrmStatus requestStatus(List<RequestSummary> summaries) {
        return RequestStatus.of(summaries, s -> s.answered() ? SrmStatus.SRM_SUCCESS : s.status(),
                SrmStatus.SRM_SUCCESS);
    }
}

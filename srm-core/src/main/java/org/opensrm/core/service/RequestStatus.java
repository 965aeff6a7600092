package org.opensrm.core.service;

import java.util.Collection;
import java.util.function.Function;
import org.opensrm.common.SrmStatus;

/**
 * The request-level status of a multi-file request, from its files' statuses, as the SRM v2.2 specification
 * (GFD.129) gives it for every bulk call: all succeeded → {@code success}; some → {@code SRM_PARTIAL_SUCCESS};
 * none → {@code SRM_FAILURE} (each file's own status says why). One exception: when every file failed for a
 * transient reason of the server's own ({@code SRM_INTERNAL_ERROR}: every GridFTP door busy, say), the request is
 * {@code SRM_INTERNAL_ERROR}, the request status GFD.129 gives for "an internal transient error, and client may try
 * again" — and the one status on which gfal2 backs off and retries (docs/overload.md).
 */
public final class RequestStatus {
    private RequestStatus() {
    }

    public static <T> SrmStatus of(Collection<T> files, Function<T, SrmStatus> status, SrmStatus success) {
        if (files.isEmpty()) {
            return SrmStatus.SRM_INVALID_REQUEST;
        }
        int ok = 0;
        int serverErrors = 0;
        for (T f : files) {
            SrmStatus s = status.apply(f);
            if (s.isSuccess()) {
                ok++;
            } else if (s == SrmStatus.SRM_INTERNAL_ERROR) {
                serverErrors++;
            }
        }
        if (ok == files.size()) {
            return success;
        }
        if (ok > 0) {
            return SrmStatus.SRM_PARTIAL_SUCCESS;
        }
        return serverErrors == files.size() ? SrmStatus.SRM_INTERNAL_ERROR : SrmStatus.SRM_FAILURE;
    }

    /**
     * The request-level status of a status call (srmStatusOfPutRequest, srmStatusOfGetRequest,
     * srmStatusOfBringOnlineRequest) about the files it answers: as {@link #of}, except that files all aborted
     * make the request {@code SRM_ABORTED}, which these calls list for an aborted request.
     */
    public static <T> SrmStatus ofStatusCall(Collection<T> files, Function<T, SrmStatus> status, SrmStatus success) {
        if (!files.isEmpty() && files.stream().allMatch(f -> status.apply(f) == SrmStatus.SRM_ABORTED)) {
            return SrmStatus.SRM_ABORTED;
        }
        return of(files, status, success);
    }
}

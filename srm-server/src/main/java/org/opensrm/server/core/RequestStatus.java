package org.opensrm.server.core;

import java.util.Collection;
import java.util.function.Function;
import org.opensrm.common.SrmStatus;

/**
 * The request-level status of a multi-file request, from its files' statuses, as the SRM v2.2 specification
 * (GFD.129) gives it for every bulk call: all succeeded → {@code success}; some → {@code SRM_PARTIAL_SUCCESS};
 * none → {@code SRM_FAILURE} (each file's own status says why).
 */
public final class RequestStatus {
    private RequestStatus() {
    }

    public static <T> SrmStatus of(Collection<T> files, Function<T, SrmStatus> status, SrmStatus success) {
        if (files.isEmpty()) {
            return SrmStatus.SRM_INVALID_REQUEST;
        }
        int ok = 0;
        for (T f : files) {
            if (status.apply(f).isSuccess()) {
                ok++;
            }
        }
        if (ok == files.size()) {
            return success;
        }
        return ok > 0 ? SrmStatus.SRM_PARTIAL_SUCCESS : SrmStatus.SRM_FAILURE;
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

package org.opensrm.server.core;

import java.util.Collection;
import java.util.function.Function;
import org.opensrm.common.SrmStatus;

/**
 * The request-level status of a multi-file request, from its files' statuses: all succeeded → {@code success};
 * some → {@code SRM_PARTIAL_SUCCESS}; none → their common status when they all failed alike (so that a client
 * reading only the request status still learns e.g. {@code SRM_INVALID_PATH}), else {@code SRM_FAILURE}.
 */
public final class RequestStatus {
    private RequestStatus() {
    }

    public static <T> SrmStatus of(Collection<T> files, Function<T, SrmStatus> status, SrmStatus success) {
        if (files.isEmpty()) {
            return SrmStatus.SRM_INVALID_REQUEST;
        }
        int ok = 0;
        SrmStatus common = null;
        boolean alike = true;
        for (T f : files) {
            SrmStatus s = status.apply(f);
            if (s.isSuccess()) {
                ok++;
            } else if (common == null) {
                common = s;
            } else if (common != s) {
                alike = false;
            }
        }
        if (ok == files.size()) {
            return success;
        }
        if (ok > 0) {
            return SrmStatus.SRM_PARTIAL_SUCCESS;
        }
        return alike ? common : SrmStatus.SRM_FAILURE;
    }
}

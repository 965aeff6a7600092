package org.opensrm.loadtest.internal;

/**
 * The result of one request or put cycle.
 *
 * @param kind       the counter it goes to
 * @param detail     what was seen, e.g. {@code srmLs SRM_SUCCESS}, {@code srmPutDone SRM_FAILURE/SRM_INVALID_PATH},
 *                   {@code srmLs HTTP 503}, {@code srmLs SocketTimeoutException}; reported per status
 * @param httpStatus the HTTP status, 0 when there was none
 */
public record Outcome(OutcomeKind kind, String detail, int httpStatus) {
    public static Outcome ok(String detail) {
        return new Outcome(OutcomeKind.OK, detail, 200);
    }

    public static Outcome srmOther(String detail) {
        return new Outcome(OutcomeKind.SRM_OTHER, detail, 200);
    }
}

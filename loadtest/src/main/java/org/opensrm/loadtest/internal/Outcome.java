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

    /**
     * Whether the server answered {@code SRM_INTERNAL_ERROR} (its busy answer; srmPing's {@code otherInfo} error
     * carries the same code): the answer after which gfal2 backs off and retries ({@code <op> SRM_INTERNAL_ERROR},
     * with or without a file status after a slash).
     */
    public boolean busy() {
        if (kind != OutcomeKind.SRM_OTHER) {
            return false;
        }
        int space = detail.indexOf(' ');
        if (space < 0) {
            return false;
        }
        String status = detail.substring(space + 1);
        return status.equals(BUSY) || status.startsWith(BUSY + "/") || status.startsWith(BUSY + " ");
    }

    private static final String BUSY = "SRM_INTERNAL_ERROR";
}

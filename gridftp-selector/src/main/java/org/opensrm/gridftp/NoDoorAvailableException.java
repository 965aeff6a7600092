package org.opensrm.gridftp;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * No door can take a transfer now. Gateway mode answers its status to the client; full mode catches this type
 * and keeps the file queued ({@link #reason()} says why, for its log), trying again later.
 */
public final class NoDoorAvailableException extends SrmException {
    private static final long serialVersionUID = 1L;

    /** Why no door was chosen. */
    public enum Reason {
        /** Every door is dead (or down by the health view): {@code SRM_FAILURE}, as for every selector. */
        ALL_DOWN(SrmStatus.SRM_FAILURE),
        /**
         * Every door is full or dead, at least one full: {@code SRM_INTERNAL_ERROR}, the one status gfal2 retries
         * with back-off (docs/overload.md), and which ARC reports as "temporary error, try again later".
         */
        ALL_BUSY(SrmStatus.SRM_INTERNAL_ERROR);

        private final SrmStatus status;

        Reason(SrmStatus status) {
            this.status = status;
        }

        public SrmStatus status() {
            return status;
        }
    }

    private final Reason reason;

    public NoDoorAvailableException(Reason reason, String explanation) {
        super(reason.status(), explanation);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}

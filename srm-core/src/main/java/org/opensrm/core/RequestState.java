package org.opensrm.core;

import org.opensrm.common.SrmStatus;

/**
 * The state of a request as a whole, reported as exactly one SRM v2.2 request-level status ({@link #status()}).
 * Which state may follow which, and which outcome the files' states give, is decided in
 * {@link StateTransitions} only.
 */
public enum RequestState {
    QUEUED(SrmStatus.SRM_REQUEST_QUEUED),
    IN_PROGRESS(SrmStatus.SRM_REQUEST_INPROGRESS),
    SUSPENDED(SrmStatus.SRM_REQUEST_SUSPENDED),
    /** Every file was served. */
    SUCCESS(SrmStatus.SRM_SUCCESS),
    /** Every file was handled, some served, some not. */
    PARTIAL_SUCCESS(SrmStatus.SRM_PARTIAL_SUCCESS),
    /** No file was served, or the request as a whole failed. */
    FAILURE(SrmStatus.SRM_FAILURE),
    ABORTED(SrmStatus.SRM_ABORTED),
    /** Its total request time ran out before every file was served. */
    TIMED_OUT(SrmStatus.SRM_REQUEST_TIMED_OUT);

    private final SrmStatus status;

    RequestState(SrmStatus status) {
        this.status = status;
    }

    public SrmStatus status() {
        return status;
    }

    /** Queued, in progress or suspended: work remains and its total request time runs. */
    public boolean isActive() {
        return this == QUEUED || this == IN_PROGRESS || this == SUSPENDED;
    }

    /** No transition leaves this state. */
    public boolean isTerminal() {
        return StateTransitions.successors(this).isEmpty();
    }

    public boolean canMoveTo(RequestState next) {
        return StateTransitions.allowed(this, next);
    }
}

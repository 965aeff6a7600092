package org.opensrm.core;

import org.opensrm.common.SrmStatus;

/**
 * The state of one file request. Each state is reported to the client as exactly one SRM v2.2 file-level status
 * ({@link #status()}), except {@link #FAILED}, which is reported with the precise failure code the file request
 * carries ({@code SRM_INVALID_PATH}, {@code SRM_AUTHORIZATION_FAILURE}, ...). Which state may follow which is
 * decided in {@link StateTransitions} only.
 */
public enum FileState {
    QUEUED(SrmStatus.SRM_REQUEST_QUEUED),
    IN_PROGRESS(SrmStatus.SRM_REQUEST_INPROGRESS),
    /** A get's file, pinned with a TURL. */
    FILE_PINNED(SrmStatus.SRM_FILE_PINNED),
    /** A put's file, with space and a TURL to upload to. */
    SPACE_AVAILABLE(SrmStatus.SRM_SPACE_AVAILABLE),
    /** Done: a put after srmPutDone, a bring-online (pinned while it has a pin expiry), an ls or copy entry. */
    SUCCESS(SrmStatus.SRM_SUCCESS),
    RELEASED(SrmStatus.SRM_RELEASED),
    /** Its pin or TURL lifetime ran out. */
    FILE_LIFETIME_EXPIRED(SrmStatus.SRM_FILE_LIFETIME_EXPIRED),
    ABORTED(SrmStatus.SRM_ABORTED),
    /** Failed; the file request carries the precise code. */
    FAILED(SrmStatus.SRM_FAILURE);

    private final SrmStatus status;

    FileState(SrmStatus status) {
        this.status = status;
    }

    /** The SRM status this state is reported as ({@link #FAILED}: the default failure code). */
    public SrmStatus status() {
        return status;
    }

    /** Still waiting to be served: queued or being worked on. */
    public boolean isWaiting() {
        return this == QUEUED || this == IN_PROGRESS;
    }

    /** No transition leaves this state. */
    public boolean isTerminal() {
        return StateTransitions.successors(this).isEmpty();
    }

    /** Counts as served when the request's outcome is derived. */
    public boolean isSuccess() {
        return this == FILE_PINNED || this == SPACE_AVAILABLE || this == SUCCESS || this == RELEASED;
    }

    public boolean canMoveTo(FileState next) {
        return StateTransitions.allowed(this, next);
    }
}

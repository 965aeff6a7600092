package org.opensrm.core.full;

import org.opensrm.common.SrmStatus;

/**
 * No healthy door could be chosen now: the file waits in the queue, it does not fail; where nothing can wait
 * (gateway mode), it fails with the status the selector gave ({@code SRM_INTERNAL_ERROR} when every door is busy,
 * on which clients retry).
 */
final class NoDoorException extends Exception {
    private static final long serialVersionUID = 1L;
    private final SrmStatus status;

    NoDoorException(SrmStatus status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    SrmStatus status() {
        return status;
    }
}

package org.opensrm.core.copy;

import java.util.concurrent.CompletableFuture;

/** A copy in progress. */
public interface RunningTransfer {
    /** Completes once the copy ended, whichever way; never completes exceptionally. */
    CompletableFuture<CopyOutcome> outcome();

    /**
     * Stops the copy: the transfer process is killed, no retry follows, the partial destination is removed and the
     * outcome is {@code SRM_ABORTED} (unless it had already ended). Returns at once; idempotent.
     */
    void abort();
}

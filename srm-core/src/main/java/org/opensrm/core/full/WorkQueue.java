package org.opensrm.core.full;

import org.opensrm.common.SrmException;
import org.opensrm.core.Request;
import org.opensrm.core.RequestToken;

/**
 * Where full mode's request control hands work to the engine: the waiting files of a new or resumed request are
 * queued, and a suspended or aborted request's files leave the queue. The engine works only on files of requests
 * that are queued or in progress when it takes them, so cancelling is a courtesy that frees places early.
 */
public interface WorkQueue {

    /**
     * Queues every waiting file of {@code request}.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the queue is full
     */
    void enqueue(Request request) throws SrmException;

    /** Removes the request's queued files; files being worked on finish or are dropped by the engine. */
    void cancel(RequestToken token);
}

package org.opensrm.core.full;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.opensrm.core.Request;
import org.opensrm.core.RequestToken;

/**
 * What request control hands to the engine, recorded. The real engine (the Dispatcher implementing
 * {@link WorkQueue}) is written on another branch at the same time as request control, so these tests stand on the
 * seam itself: a request is in the queue from {@link #enqueue} until {@link #cancel}.
 */
final class RecordingWorkQueue implements WorkQueue {
    private final Set<RequestToken> queued = new LinkedHashSet<>();
    private final List<RequestToken> enqueued = new ArrayList<>();
    private final List<RequestToken> cancelled = new ArrayList<>();

    @Override
    public synchronized void enqueue(Request request) {
        queued.add(request.token());
        enqueued.add(request.token());
    }

    @Override
    public synchronized void cancel(RequestToken token) {
        queued.remove(token);
        cancelled.add(token);
    }

    synchronized boolean holds(RequestToken token) {
        return queued.contains(token);
    }

    synchronized int timesEnqueued(RequestToken token) {
        return (int) enqueued.stream().filter(token::equals).count();
    }

    synchronized int timesCancelled(RequestToken token) {
        return (int) cancelled.stream().filter(token::equals).count();
    }
}

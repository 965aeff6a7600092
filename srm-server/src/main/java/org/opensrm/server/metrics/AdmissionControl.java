package org.opensrm.server.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds the work the server takes on: at most {@code active} SRM calls are processed at once (and at most
 * {@code perOperation} of an expensive kind such as srmLs), at most {@code queue} more wait, each for at most
 * {@code wait}. Anything beyond is refused at once, so that under overload every client gets a quick,
 * well-formed answer instead of a hang, and the server recovers the moment load drops.
 */
public final class AdmissionControl {
    private final Semaphore active;
    private final Map<String, Semaphore> perOperation;
    private final int queue;
    private final long waitNanos;
    private final SrmMetrics metrics;

    public AdmissionControl(int active, Map<String, Integer> perOperation, int queue, Duration wait, SrmMetrics metrics) {
        // fair: waiting calls get slots in arrival order, so none starves while newer ones barge in
        this.active = new Semaphore(active, true);
        this.perOperation = Map.copyOf(perOperation.entrySet().stream().collect(
                java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> new Semaphore(e.getValue(), true))));
        this.queue = queue;
        this.waitNanos = wait.toNanos();
        this.metrics = metrics;
    }

    /** A processing slot, released with {@link #exit}; null when the server is full (the caller answers busy). */
    public Permit enter(String operation) throws InterruptedException {
        Semaphore limit = perOperation.get(operation);
        if (!acquire(active)) {
            return null;
        }
        if (limit != null && !acquire(limit)) {
            active.release();
            return null;
        }
        metrics.inFlight().incrementAndGet();
        return new Permit(limit);
    }

    private boolean acquire(Semaphore s) throws InterruptedException {
        if (s.tryAcquire(0, TimeUnit.NANOSECONDS)) { // unlike tryAcquire(), takes no slot ahead of waiting calls
            return true;
        }
        if (metrics.waiting().incrementAndGet() > queue) {
            metrics.waiting().decrementAndGet();
            metrics.rejected();
            return false;
        }
        try {
            if (s.tryAcquire(waitNanos, TimeUnit.NANOSECONDS)) {
                return true;
            }
            metrics.rejected();
            return false;
        } finally {
            metrics.waiting().decrementAndGet();
        }
    }

    public void exit(Permit permit) {
        if (permit.operationLimit != null) {
            permit.operationLimit.release();
        }
        active.release();
        metrics.inFlight().decrementAndGet();
    }

    /** A held slot. */
    public static final class Permit {
        private final Semaphore operationLimit;

        private Permit(Semaphore operationLimit) {
            this.operationLimit = operationLimit;
        }
    }
}

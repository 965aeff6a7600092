package org.opensrm.server.soap;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.opensrm.server.metrics.SrmMetrics;

/**
 * Bounds the work the server takes on without holding a thread per waiting call: at most {@code active} SRM calls
 * are processed at once (and at most {@code perOperation} of an expensive kind such as srmLs), at most
 * {@code queue} more wait, each for at most {@code wait}. A call beyond that is refused at once, so that under
 * overload every client gets a quick, well-formed answer instead of a hang, and the server recovers the moment
 * load drops.
 *
 * <p>Nothing here blocks. {@link #tryEnter} takes a slot if one is free; otherwise the caller suspends its request
 * and hands a {@link Waiter} to {@link #enqueue}, which later tells it exactly once either
 * {@link Waiter#admitted} (with a slot) or {@link Waiter#refused} (the wait ran out). Waiting calls are admitted
 * first come, first served: within an operation in arrival order, and across operations the longest waiting
 * call that may run next; no new call takes a slot that a waiting call could have.
 *
 * <p>Slots bound the calls, not what they cost: one call may hold a few bytes or tens of megabytes. So the memory
 * that calls in progress hold (their bodies, decoded requests and answers, as the caller estimates them) is bounded
 * too: {@link #reserve} takes a share of {@code memory} bytes before the caller allocates, and refuses it when the
 * budget is spent, so that the caller answers "busy" instead of allocating. A call arriving while no other holds
 * any memory is never refused for its size (the caller bounds the size of one request on its own), so a budget
 * below one request's cost slows the server down to one such call at a time but never stops it.
 */
public final class AdmissionControl implements AutoCloseable {
    /** A suspended call, told once how its wait ended. Called without any lock of this class held. */
    public interface Waiter {
        void admitted(Permit permit);

        void refused();
    }

    private static final String GENERAL = "";

    private final int active;
    private final int queue;
    private final long waitNanos;
    private final SrmMetrics metrics;
    private final LongSupplier clock;
    private final Map<String, OperationClass> classes = new HashMap<>();
    private final OperationClass general = new OperationClass(Integer.MAX_VALUE);
    private final ReentrantLock lock = new ReentrantLock();
    private final ScheduledFuture<?> sweeper;
    private final long memory;
    private final AtomicLong reserved = new AtomicLong();
    private int running;
    private int queued;
    private long arrivals;

    /**
     * @param timer runs the sweep that refuses calls whose wait has run out; {@code null} when {@code queue} is 0
     *              (nothing ever waits)
     */
    public AdmissionControl(int active, Map<String, Integer> perOperation, int queue, Duration wait,
                            SrmMetrics metrics, ScheduledExecutorService timer) {
        this(active, perOperation, queue, wait, Long.MAX_VALUE, metrics, timer, System::nanoTime);
    }

    /** @param memory bytes that calls in progress may hold together ({@link #reserve}) */
    public AdmissionControl(int active, Map<String, Integer> perOperation, int queue, Duration wait, long memory,
                            SrmMetrics metrics, ScheduledExecutorService timer) {
        this(active, perOperation, queue, wait, memory, metrics, timer, System::nanoTime);
    }

    AdmissionControl(int active, Map<String, Integer> perOperation, int queue, Duration wait, SrmMetrics metrics,
                     ScheduledExecutorService timer, LongSupplier clock) {
        this(active, perOperation, queue, wait, Long.MAX_VALUE, metrics, timer, clock);
    }

    AdmissionControl(int active, Map<String, Integer> perOperation, int queue, Duration wait, long memory,
                     SrmMetrics metrics, ScheduledExecutorService timer, LongSupplier clock) {
        if (active < 1 || queue < 0 || wait.isNegative() || memory < 1) {
            throw new IllegalArgumentException("active and memory must be at least 1, queue and wait not negative");
        }
        this.memory = memory;
        if (queue > 0 && timer == null) {
            throw new IllegalArgumentException("a queue needs a timer to end waits");
        }
        this.active = active;
        this.queue = queue;
        this.waitNanos = wait.toNanos();
        this.metrics = metrics;
        this.clock = clock;
        perOperation.forEach((op, limit) -> classes.put(op, new OperationClass(limit)));
        classes.put(GENERAL, general);
        long tick = Math.max(10, Math.min(100, wait.toMillis() / 10));
        this.sweeper = queue == 0 ? null
                : timer.scheduleWithFixedDelay(this::expire, tick, tick, TimeUnit.MILLISECONDS);
    }

    /** No limit at all: every call is admitted at once (tests of the SOAP edge alone). */
    public static AdmissionControl unlimited() {
        return new AdmissionControl(Integer.MAX_VALUE, Map.of(), 0, Duration.ZERO, new SrmMetrics(), null);
    }

    /**
     * Takes {@code bytes} of the memory budget, given back with {@link #release}; false, and the call counted as
     * rejected, when the calls in progress already hold so much that these bytes do not fit (never while they hold
     * none).
     */
    public boolean reserve(long bytes) {
        return reserve(bytes, 0);
    }

    /**
     * {@link #reserve} for a call that already holds {@code ownBytes} of the budget: it counts as alone when no
     * other call holds any.
     */
    public boolean reserve(long bytes, long ownBytes) {
        while (true) {
            long held = reserved.get();
            if (held > ownBytes && held + bytes > memory) {
                metrics.rejected();
                return false;
            }
            if (reserved.compareAndSet(held, held + bytes)) {
                return true;
            }
        }
    }

    /** Gives back bytes taken with {@link #reserve}. */
    public void release(long bytes) {
        reserved.addAndGet(-bytes);
    }

    /** Bytes of the memory budget that calls in progress hold now. */
    public long reservedBytes() {
        return reserved.get();
    }

    /** A slot now, released with {@link #exit}; null when none is free for {@code operation}. */
    public Permit tryEnter(String operation) {
        OperationClass c = classOf(operation);
        lock.lock();
        try {
            // while calls wait, a slot that could go to one of them has already gone to it (see admitWaiting)
            return admissible(c) ? take(c) : null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Queues a call that found no free slot. Returns false, and never calls the waiter, when the queue is full: the
     * caller answers "busy" at once. Otherwise the waiter is called exactly once, possibly before this returns.
     */
    public boolean enqueue(String operation, Waiter waiter) {
        OperationClass c = classOf(operation);
        Permit permit = null;
        lock.lock();
        try {
            if (admissible(c)) {
                permit = take(c);
            } else if (queued >= queue) {
                metrics.rejected();
                return false;
            } else {
                c.waiting.add(new Waiting(waiter, ++arrivals, clock.getAsLong() + waitNanos));
                queued++;
                metrics.waiting().incrementAndGet();
            }
        } finally {
            lock.unlock();
        }
        if (permit != null) {
            waiter.admitted(permit);
        }
        return true;
    }

    /** Gives a slot back and admits the calls that may now run. */
    public void exit(Permit permit) {
        List<Admission> admitted;
        lock.lock();
        try {
            if (permit.released) {
                throw new IllegalStateException("permit released twice");
            }
            permit.released = true;
            running--;
            permit.operationClass.running--;
            metrics.inFlight().decrementAndGet();
            admitted = admitWaiting();
        } finally {
            lock.unlock();
        }
        admitted.forEach(a -> a.waiter.admitted(a.permit));
    }

    /** Calls waiting for a slot now. */
    public int queued() {
        lock.lock();
        try {
            return queued;
        } finally {
            lock.unlock();
        }
    }

    /** Stops the sweep; calls still waiting are refused. */
    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        List<Waiter> refused = new ArrayList<>();
        lock.lock();
        try {
            for (OperationClass c : classes.values()) {
                c.waiting.forEach(w -> refused.add(w.waiter));
                c.waiting.clear();
            }
            metrics.waiting().addAndGet(-queued);
            queued = 0;
        } finally {
            lock.unlock();
        }
        refused.forEach(Waiter::refused);
    }

    /** Refuses the waiting calls whose wait has run out (oldest first in each operation). */
    void expire() {
        List<Waiter> refused = new ArrayList<>();
        long now = clock.getAsLong();
        lock.lock();
        try {
            for (OperationClass c : classes.values()) {
                while (!c.waiting.isEmpty() && now - c.waiting.peekFirst().deadline >= 0) {
                    refused.add(c.waiting.pollFirst().waiter);
                    queued--;
                    metrics.waiting().decrementAndGet();
                    metrics.rejected();
                }
            }
        } finally {
            lock.unlock();
        }
        refused.forEach(Waiter::refused);
    }

    private OperationClass classOf(String operation) {
        OperationClass c = classes.get(operation);
        return c == null ? general : c;
    }

    private boolean admissible(OperationClass c) {
        return running < active && c.running < c.limit && c.waiting.isEmpty();
    }

    private Permit take(OperationClass c) {
        running++;
        c.running++;
        metrics.inFlight().incrementAndGet();
        return new Permit(c);
    }

    /** Under the lock: the longest-waiting admissible call, again and again, while slots are free. */
    private List<Admission> admitWaiting() {
        List<Admission> out = List.of();
        while (running < active && queued > 0) {
            OperationClass next = null;
            for (OperationClass c : classes.values()) {
                Waiting head = c.waiting.peekFirst();
                if (head != null && c.running < c.limit
                        && (next == null || head.arrival < next.waiting.peekFirst().arrival)) {
                    next = c;
                }
            }
            if (next == null) {
                break;
            }
            Waiting w = next.waiting.pollFirst();
            queued--;
            metrics.waiting().decrementAndGet();
            if (out.isEmpty()) {
                out = new ArrayList<>(2);
            }
            out.add(new Admission(w.waiter, take(next)));
        }
        return out;
    }

    /** A held slot. */
    public static final class Permit {
        private final OperationClass operationClass;
        private boolean released;

        private Permit(OperationClass operationClass) {
            this.operationClass = operationClass;
        }
    }

    private static final class OperationClass {
        final int limit;
        final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
        int running;

        OperationClass(int limit) {
            this.limit = limit;
        }
    }

    private record Waiting(Waiter waiter, long arrival, long deadline) {
    }

    private record Admission(Waiter waiter, Permit permit) {
    }
}

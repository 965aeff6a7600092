package org.opensrm.loadtest.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how late the load tester itself runs: a thread that asks to wake every {@value #TICK_MILLIS} ms and
 * records by how much it woke later than asked (the CPU it waited for, garbage collection, safepoints). Its longest
 * lateness bounds what every client thread of the process may have lost at the same moment: a stall of seconds
 * means the clients, not the server, were slow to answer.
 */
final class StallMonitor implements AutoCloseable {
    private static final long TICK_MILLIS = 10;
    private final AtomicLong longestNanos = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    StallMonitor() {
        thread = new Thread(this::watch, "srm-client-stall-monitor");
        thread.setDaemon(true);
        thread.start();
    }

    /** The longest lateness seen so far, in nanoseconds. */
    long longestNanos() {
        return longestNanos.get();
    }

    private void watch() {
        long tick = TICK_MILLIS * 1_000_000L;
        while (running) {
            long before = System.nanoTime();
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long late = System.nanoTime() - before - tick;
            longestNanos.accumulateAndGet(late, Math::max);
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}

package org.opensrm.gridftp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Real transfers loading a door: {@code streams} loops, each running {@code xrdcp -f -s --xrate RATE URL /dev/null}
 * again as soon as the last one ends (the rate cap keeps loopback copies from taking every core of a shared build
 * machine), until {@link #close()} or the time limit, whichever comes first. Closing ends the running
 * xrdcp processes (by their handles) and waits for the loops.
 */
public final class XrdcpLoad implements AutoCloseable {
    private final List<Thread> loops = new ArrayList<>();
    private final List<Process> running = new ArrayList<>();
    private final AtomicLong finished = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final long until;
    private volatile boolean stopped;

    /** @param rate bytes per second per stream, as xrdcp takes it ({@code 20m}) */
    public XrdcpLoad(String url, int streams, String rate, long limitMillis) {
        this.until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        for (int i = 0; i < streams; i++) {
            Thread t = new Thread(() -> loop(url, rate), "xrdcp-load-" + i);
            t.setDaemon(true);
            loops.add(t);
            t.start();
        }
    }

    private void loop(String url, String rate) {
        while (!stopped && System.nanoTime() < until) {
            Process p;
            synchronized (running) {
                if (stopped) {
                    return;
                }
                try {
                    p = new ProcessBuilder("xrdcp", "-f", "-s", "--xrate", rate, url, "/dev/null").redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                } catch (IOException e) {
                    failed.incrementAndGet();
                    return;
                }
                running.add(p);
            }
            try {
                long left = until - System.nanoTime();
                if (!p.waitFor(Math.max(1, left), TimeUnit.NANOSECONDS)) {
                    p.destroy();
                    p.waitFor(5, TimeUnit.SECONDS);
                } else if (p.exitValue() == 0) {
                    finished.incrementAndGet();
                } else if (!stopped) {
                    failed.incrementAndGet();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                return;
            } finally {
                synchronized (running) {
                    running.remove(p);
                }
            }
        }
    }

    /** Transfers that ran to their end. */
    public long finished() {
        return finished.get();
    }

    /** Transfers that failed (not counting those ended by close). */
    public long failed() {
        return failed.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        synchronized (running) {
            running.forEach(Process::destroy);
        }
        for (Thread t : loops) {
            t.join(10_000);
        }
        synchronized (running) {
            for (Process p : running) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}

package org.opensrm.core.full;

import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.space.SpaceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Enforces every lifetime of full mode, in one background thread that makes a pass every
 * {@link ReaperConfig#interval}: an active request past its total request time times out (its waiting files fail
 * with {@code SRM_REQUEST_TIMED_OUT} and leave the queue); a pin or TURL past its expiry makes its file
 * {@code SRM_FILE_LIFETIME_EXPIRED}; the uploads of a put's files that ended so are removed (they lie in the staging
 * area, so nothing half-written was ever visible at a target); finished requests older than
 * {@link ReaperConfig#retention} are purged. A get's file served before its request timed out keeps its pin until
 * that runs out: the total request time bounds how long files wait to be served, not how long a pin is held. A
 * put's TURL never outlives its request ({@link Dispatcher}): a put still waiting for srmPutDone when its total
 * request time runs out times out, its files with space {@code SRM_REQUEST_TIMED_OUT}, and their uploads go.
 *
 * <p>Several frontends may run it on one store: each change is one atomic {@link RequestStore#update} that looks
 * again at the request as stored and changes nothing when another frontend got there first, upload removal
 * tolerates an upload already gone, and purging twice deletes nothing the second time. One log line per action,
 * with the token's short id in the MDC ({@code token}).
 */
public final class Reaper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Reaper.class);
    private static final long CLOSE_WAIT_SECONDS = 10;

    /** What one pass did. */
    public record Pass(int timedOut, int expiredFiles, int purged) {
    }

    private final RequestStore store;
    private final WorkQueue queue;
    private final PutUploads uploads;
    private final ReaperConfig config;
    private final Clock clock;
    private final Optional<SpaceService> spaces;
    private ScheduledExecutorService thread;
    /** The thread the passes run in, once started. */
    private volatile Thread worker;

    public Reaper(RequestStore store, WorkQueue queue, PutUploads uploads, ReaperConfig config, Clock clock) {
        this(store, queue, uploads, config, clock, Optional.empty());
    }

    /** As above, also expiring the space reservations whose lifetime ran out ({@link SpaceService#expireDue}). */
    public Reaper(RequestStore store, WorkQueue queue, PutUploads uploads, ReaperConfig config, Clock clock,
                  Optional<SpaceService> spaces) {
        this.spaces = spaces;
        this.store = store;
        this.queue = queue;
        this.uploads = uploads;
        this.config = config;
        this.clock = clock;
    }

    /** Starts the background passes (a daemon thread); the first after one interval. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("the reaper is running already");
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "srm-reaper");
            t.setDaemon(true);
            worker = t;
            return t;
        });
        long ms = config.interval().toMillis();
        thread.scheduleWithFixedDelay(this::runLogged, ms, ms, TimeUnit.MILLISECONDS);
    }

    /**
     * Stops the background passes and waits, up to {@value #CLOSE_WAIT_SECONDS} s, for a pass under way and for the
     * thread to end: when it returns, the thread is gone (or a warning says that it is not).
     */
    @Override
    public synchronized void close() {
        if (thread == null) {
            return;
        }
        thread.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        try {
            // the executor terminates just before its thread ends: wait for the thread itself too
            thread.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            Thread t = worker;
            if (t != null) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (t.isAlive()) {
                    LOG.warn("the reaper's thread did not stop within {} s", CLOSE_WAIT_SECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
        worker = null;
    }

    private void runLogged() {
        try {
            runOnce();
        } catch (SrmException | RuntimeException e) {
            LOG.warn("reaper pass failed, next in {}s: {}", config.interval().toSeconds(), e.toString());
        }
    }

    /**
     * One pass over everything whose lifetime ran out at the clock's time.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the store cannot be asked (the next pass tries again)
     */
    public Pass runOnce() throws SrmException {
        Instant now = clock.instant();
        Set<RequestToken> seen = new HashSet<>();
        int timedOut = 0;
        int expiredFiles = 0;
        while (true) {
            List<RequestToken> batch = store.expired(now, config.batchSize());
            boolean progress = false;
            for (RequestToken t : batch) {
                if (seen.add(t)) {
                    progress = true;
                    Changes c = reap(t, now);
                    timedOut += c.timedOut ? 1 : 0;
                    expiredFiles += c.expiredFiles;
                }
            }
            if (batch.size() < config.batchSize() || !progress) {
                break;
            }
        }
        if (spaces.isPresent()) {
            spaces.get().expireDue(config.batchSize()); // more than a batch: the next pass goes on
        }
        int purged = store.purgeFinished(now.minus(config.retention()));
        if (purged > 0) {
            LOG.info("purged {} requests finished before {}", purged, now.minus(config.retention()));
        }
        return new Pass(timedOut, expiredFiles, purged);
    }

    /** What the last run of a change did (a retried transaction runs it again; the last run is the one kept). */
    private static final class Changes {
        boolean timedOut;
        int expiredFiles;
    }

    private Changes reap(RequestToken t, Instant now) {
        MDC.put("token", t.shortId());
        Changes c = new Changes();
        try {
            Request after = store.update(t, r -> expire(r, now, c));
            if (c.timedOut) {
                queue.cancel(t);
                LOG.info("{} request timed out: its total request time ran out at {}", after.kind(),
                        after.expiresAt());
            }
            if (c.expiredFiles > 0) {
                LOG.info("{} request: the pin or TURL of {} files expired", after.kind(), c.expiredFiles);
            }
            uploads.removeUnfinished(after);
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_INVALID_REQUEST) { // else purged meanwhile: nothing to do
                LOG.warn("could not enforce the lifetimes of the request: {}", e.getMessage());
            }
            c.timedOut = false;
            c.expiredFiles = 0;
        } catch (RuntimeException e) { // a bug (an illegal transition): the other requests are still reaped
            LOG.error("could not enforce the lifetimes of the request", e);
            c.timedOut = false;
            c.expiredFiles = 0;
        } finally {
            MDC.remove("token");
        }
        return c;
    }

    /** The request with every lifetime that ran out at {@code now} enforced; the same request if none did. */
    private static Request expire(Request r, Instant now, Changes c) {
        c.timedOut = false;
        c.expiredFiles = 0;
        Request next = r;
        if (r.timesOutAt(now)) {
            next = next.timeOut(now);
            c.timedOut = true;
        }
        for (FileRequest f : next.files()) {
            if (isExpired(f, now)) {
                c.expiredFiles++;
            }
        }
        if (c.expiredFiles > 0) {
            next = next.withEachFile(f -> isExpired(f, now) ? f.moveTo(FileState.FILE_LIFETIME_EXPIRED) : f, now);
        }
        return next;
    }

    private static boolean isExpired(FileRequest f, Instant now) {
        return f.pinExpiresAt().isPresent() && !now.isBefore(f.pinExpiresAt().get())
                && f.state().canMoveTo(FileState.FILE_LIFETIME_EXPIRED);
    }
}

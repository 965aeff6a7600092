package org.opensrm.core.full;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FencedException;
import org.opensrm.core.FileState;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several frontends on one store: renews this frontend's lease every {@link FullModeConfig#heartbeat} and takes
 * the queued and in-progress requests held under no live lease — a frontend silent for longer than
 * {@link FullModeConfig#takeoverDelay}, an earlier run of this one, or nobody — into this frontend's queue, as a
 * restart resumes them: files left in progress are queued again, a put's uploads are remembered. Each pass takes at
 * most what the queue has room for, shared with the other live frontends (each takes its share, so the work of
 * a dead frontend spreads over the live ones). A copy taken from another frontend ends: the credential its client
 * delegated lives only in the frontend that accepted it (docs/architecture.md, "Take-over").
 */
final class Takeover implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Takeover.class);
    /** The most requests one pass takes. */
    static final int PASS_LIMIT = 1000;
    private static final long CLOSE_WAIT_SECONDS = 10;
    static final String COPY_CREDENTIAL_LOST = "the frontend that accepted this copy stopped, and the credential the "
            + "client delegated for it lives only in that frontend (it is never written to the shared store): "
            + "submit the copy again";

    private final RequestStore store;
    private final FrontendLeases leases;
    private final Dispatcher dispatcher;
    private final QueuedPutService puts;
    private final FullModeConfig config;
    private final int queueBound;
    private final Clock clock;
    private final AtomicLong takenRequests = new AtomicLong();
    private final AtomicLong takenFiles = new AtomicLong();
    private ScheduledExecutorService thread;
    /** When a renewal last failed ({@link System#nanoTime}); long ago at first. */
    private volatile long lastFailedRenewal;
    /** The database restarts whose undone work was queued again ({@link FrontendLeases#restarts}). */
    private long restartsRedone;
    private final AtomicLong redoneFiles = new AtomicLong();

    Takeover(RequestStore store, FrontendLeases leases, Dispatcher dispatcher, QueuedPutService puts,
             FullModeConfig config, int queueBound, Clock clock) {
        this.store = store;
        this.leases = leases;
        this.dispatcher = dispatcher;
        this.puts = puts;
        this.config = config;
        this.queueBound = queueBound;
        this.clock = clock;
        this.lastFailedRenewal = System.nanoTime() - config.takeoverDelay().toNanos();
    }

    /** Renews the lease and takes orphaned work every heartbeat, in a daemon thread, the first pass at once. */
    synchronized void start() {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "srm-takeover");
            t.setDaemon(true);
            return t;
        });
        long ms = config.heartbeat().toMillis();
        thread.scheduleWithFixedDelay(this::passLogged, ms, ms, TimeUnit.MILLISECONDS);
    }

    /**
     * Renews the lease, then takes orphans, except within a take-over delay after this frontend could not renew: when
     * the store was unreachable, every frontend's lease went stale with it, and each gets a full delay to renew before
     * anybody's work is taken (or the first frontend back would take everything).
     */
    private void passLogged() {
        try {
            try {
                leases.renew();
            } catch (SrmException | RuntimeException e) {
                lastFailedRenewal = System.nanoTime();
                throw e;
            }
            if (leases.restarts() != restartsRedone) {
                redoAfterRestart(leases.restarts());
            }
            if (System.nanoTime() - lastFailedRenewal < config.takeoverDelay().toNanos()) {
                return;
            }
            takeOrphans();
        } catch (SrmException | RuntimeException e) {
            LOG.warn("lease renewal or take-over pass failed, next in {} ms: {}", config.heartbeat().toMillis(),
                    e.toString());
        }
    }

    /**
     * One pass: takes this frontend's share of the orphaned requests (what its queue has room for, divided among
     * the live frontends) and queues their waiting files.
     *
     * @return how many files were queued
     */
    int takeOrphans() throws SrmException {
        int live = Math.max(1, leases.live(config.takeoverDelay()));
        int limit = Math.min(PASS_LIMIT, room());
        return take(live > 1 ? Math.max(1, limit / live) : limit);
    }

    /**
     * At start: when no other frontend is live, takes every orphaned request the queue has room for (this frontend's
     * earlier run's, and any a silent frontend left), batch after batch, as a restart of a frontend alone resumes
     * everything; with others live, its share, as every pass ({@link #takeOrphans}).
     *
     * @return how many files were queued
     */
    int takeAllOrphans() throws SrmException {
        if (leases.live(config.takeoverDelay()) > 1) {
            return takeOrphans();
        }
        int files = 0;
        while (true) {
            int limit = Math.min(PASS_LIMIT, room());
            int[] taken = new int[1];
            files += take(limit, taken);
            if (taken[0] < limit || limit == 0) {
                return files;
            }
        }
    }

    /**
     * The database restarted (or a standby took its place): outcomes kept {@link org.opensrm.core.Durability#REDOABLE}
     * in the moment before may be undone, their files waiting again in the store while this frontend's queue no
     * longer holds them. Queues the waiting files of every request this frontend holds again, for the kinds whose
     * work is redoable ({@link Dispatcher#requeueRedoable}); done once per restart, retried at the next heartbeat
     * when the store fails meanwhile.
     */
    private void redoAfterRestart(long restarts) throws SrmException {
        int files = 0;
        List<RequestToken> held = leases.held(Math.max(1, room()));
        for (RequestToken token : held) {
            try {
                files += dispatcher.requeueRedoable(store.load(token));
            } catch (SrmException e) {
                if (e.status() != SrmStatus.SRM_INVALID_REQUEST) { // purged meanwhile: nothing to redo
                    throw e;
                }
            }
        }
        restartsRedone = restarts;
        redoneFiles.addAndGet(files);
        LOG.warn("the request store's database restarted: {} waiting file(s) of the {} request(s) this frontend holds "
                + "queued again (outcomes kept just before the restart may have been undone)", files, held.size());
    }

    /** Files queued again after restarts of the database ({@link #redoAfterRestart}), since start; for metrics. */
    long redoneFiles() {
        return redoneFiles.get();
    }

    private int room() {
        return Math.max(0, queueBound - dispatcher.scheduler().queued());
    }

    private int take(int limit) throws SrmException {
        return take(limit, new int[1]);
    }

    private int take(int limit, int[] count) throws SrmException {
        List<FrontendLeases.Taken> taken = leases.takeOrphans(config.takeoverDelay(), limit);
        count[0] = taken.size();
        int files = 0;
        for (FrontendLeases.Taken t : taken) {
            try {
                files += resume(t);
            } catch (FencedException e) {
                LOG.info("request {} taken over was taken by another frontend meanwhile", t.token().shortId());
            } catch (SrmException e) {
                LOG.warn("request {} taken over cannot be resumed, given back: {}", t.token().shortId(),
                        e.getMessage());
                leases.release(t.token());
            }
        }
        if (!taken.isEmpty()) {
            takenRequests.addAndGet(taken.size());
            takenFiles.addAndGet(files);
            LOG.info("took over {} request(s) with {} waiting file(s) from {}", taken.size(), files,
                    taken.stream().map(t -> t.from().orElse("no frontend")).distinct().toList());
        }
        return files;
    }

    /** Queues a request taken over, as a restart does; returns its waiting files. */
    private int resume(FrontendLeases.Taken t) throws SrmException {
        Request r = store.load(t.token());
        if (r.kind() == RequestKind.COPY && t.from().isPresent()
                && !t.from().get().equals(leases.current().frontend())) {
            store.updateHeld(r.token(), cur -> cur.withEachFile(f -> f.state().isWaiting()
                    ? f.fail(SrmStatus.SRM_FAILURE, COPY_CREDENTIAL_LOST) : f, clock.instant()));
            LOG.warn("copy {} taken over from {} ended: its delegated credential is not in this frontend",
                    r.token().shortId(), t.from().get());
            return 0;
        }
        if (r.files().stream().anyMatch(f -> f.state() == FileState.IN_PROGRESS)) {
            r = store.updateHeld(r.token(), cur -> cur.withEachFile(
                    f -> f.state() == FileState.IN_PROGRESS ? f.moveTo(FileState.QUEUED) : f, clock.instant()));
        }
        if (r.kind() == RequestKind.PUT) {
            puts.resume(r);
        }
        dispatcher.enqueue(r);
        return (int) r.files().stream().filter(f -> f.state().isWaiting()).count();
    }

    /** Requests taken over since start, for metrics. */
    long takenRequests() {
        return takenRequests.get();
    }

    /** Waiting files of requests taken over since start, for metrics. */
    long takenFiles() {
        return takenFiles.get();
    }

    /** After the workers stopped: the live frontends take what this one leaves queued at their next pass. */
    void resign() {
        try {
            leases.resign();
        } catch (SrmException e) {
            LOG.warn("frontend lease {} not ended ({}): its work is taken once the take-over delay has passed",
                    leases.current(), e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        if (thread == null) {
            return;
        }
        thread.shutdownNow();
        try {
            if (!thread.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("the take-over thread did not stop within {} s", CLOSE_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
    }
}

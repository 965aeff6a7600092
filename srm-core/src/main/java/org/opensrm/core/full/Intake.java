package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the queued services accept a request: lifetimes capped by the configuration, the file count limited,
 * the request kept in the store with the files refused at once failed in it (so that every later answer repeats
 * their precise status), then its other files queued. When the queue is full the request is failed in the store
 * (its waiting files {@code SRM_INTERNAL_ERROR}) and refused as a whole, so that nothing waits that no worker
 * will take. The maker waits up to {@link FullModeConfig#answerWithin} for every file to be served, so that a
 * request the engine serves at once is answered with its outcome and the client need not poll. A small request
 * the engine can take without overtaking anyone is served in the maker's thread instead and kept once, served
 * ({@link Dispatcher#serveAtOnce}); not when the answer time is zero (the client then always sees it queued
 * first) or something must happen before queueing.
 *
 * <p>A store that cannot keep what a worker would do later (gateway mode's signed tokens) gets every request served
 * in the maker's thread and kept as served ({@link Dispatcher#serveNow}); nothing is queued, and nothing needs to
 * happen before queueing (the put worker journals each upload as it serves it).
 */
final class Intake {
    private static final Logger LOG = LoggerFactory.getLogger(Intake.class);

    /** Runs after the request is stored and before its files are queued (journal its uploads, say). */
    @FunctionalInterface
    interface BeforeQueueing {
        BeforeQueueing NOTHING = r -> { };

        void accept(Request request) throws SrmException;
    }

    private final RequestStore store;
    private final Dispatcher queue;
    private final FullModeConfig config;
    private final Clock clock;
    private final boolean servesNow;

    Intake(RequestStore store, Dispatcher queue, FullModeConfig config, Clock clock) {
        this.store = store;
        this.queue = queue;
        this.config = config;
        this.clock = clock;
        this.servesNow = !store.capabilities().keepsTransitions();
    }

    /** The total request time granted: the client's wish (none or zero: the default), at most the maximum. */
    Duration requestLifetime(Optional<Duration> desired) {
        return capped(desired, config.defaultRequestLifetime(), config.maxRequestLifetime());
    }

    static Duration capped(Optional<Duration> desired, Duration byDefault, Duration max) {
        if (desired.isEmpty() || desired.get().isZero() || desired.get().isNegative()) {
            return byDefault;
        }
        return desired.get().compareTo(max) > 0 ? max : desired.get();
    }

    /** @throws SrmException {@code SRM_INVALID_REQUEST} for no file or more than the configured limit */
    void requireFileCount(int files, String what) throws SrmException {
        if (files == 0) {
            throw SrmException.invalidRequest(what + " is empty");
        }
        if (files > config.maxFilesPerRequest()) {
            throw SrmException.invalidRequest(what + " names " + files + " files; this server accepts at most "
                    + config.maxFilesPerRequest() + " per request");
        }
    }

    /**
     * Stores the request, fails the files refused at once (by index) and queues the others.
     *
     * @return the request as stored
     */
    Request submit(NewRequest request, Map<Integer, SrmException> refused, BeforeQueueing before)
            throws SrmException {
        if (servesNow) {
            return queue.serveNow(request, refused);
        }
        if (!config.answerWithin().isZero() && before == BeforeQueueing.NOTHING) {
            Optional<Request> served = queue.serveAtOnce(request, refused);
            if (served.isPresent()) {
                return served.get();
            }
        }
        Request r = store.create(request);
        if (!refused.isEmpty()) {
            r = store.update(r.token(), cur -> cur.withEachFile(f -> {
                SrmException e = refused.get(f.index());
                return e == null ? f : f.fail(e.status(), e.getMessage());
            }, clock.instant()));
        }
        if (!r.state().isActive()) {
            return r;
        }
        try {
            before.accept(r);
        } catch (SrmException | RuntimeException notKept) { // e.g. the upload journal's disk is full
            endUnqueued(r, notKept);
            throw notKept;
        }
        Duration within = config.answerWithin();
        CompletableFuture<Request> served = within.isZero() ? null : queue.watch(r.token());
        try {
            queue.enqueue(r);
        } catch (SrmException busy) {
            queue.unwatch(r.token());
            LOG.warn("request {} refused: {}", r.token().shortId(), busy.getMessage());
            store.update(r.token(), cur -> cur.withEachFile(f -> f.state().isWaiting()
                    ? f.fail(SrmStatus.SRM_INTERNAL_ERROR, busy.getMessage()) : f, clock.instant()));
            throw busy;
        }
        return served == null ? r : awaitServed(r, served, within);
    }

    /**
     * A stored request whose preparation failed before it was queued, and whose token its client never got, ends
     * failed rather than waiting for its lifetime; when even that cannot be stored (the store's disk is full too)
     * the reaper ends it at its lifetime, having never queued it.
     */
    private void endUnqueued(Request r, Exception why) {
        try {
            store.update(r.token(), cur -> cur.withEachFile(f -> f.state().isWaiting()
                    ? f.fail(SrmStatus.SRM_INTERNAL_ERROR, "not prepared: " + why.getMessage()) : f, clock.instant()));
        } catch (SrmException | RuntimeException e) {
            LOG.warn("request {} was not prepared and cannot be ended now: {}", r.token().shortId(), e.getMessage());
        }
    }

    /** The request once every file was served, or as made if that takes longer than {@code within}. */
    private Request awaitServed(Request made, CompletableFuture<Request> served,
                                Duration within) {
        try {
            return served.get(within.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return made;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return made;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            queue.unwatch(made.token());
        }
    }
}

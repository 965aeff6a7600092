package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.opensrm.authz.AccountResolver;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Durability;
import org.opensrm.core.FencedException;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.FileWork;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Full mode's engine: worker threads per kind take the next file from the {@link Scheduler}, load its request,
 * do the file's work ({@link FileWorker}) as the owner's account and store the outcome with
 * {@link RequestStore#update}. A file whose request is no longer queued or in progress (suspended, aborted, timed
 * out, purged) or whose total request time ran out is dropped: whoever changes the request back queues its files
 * again, and the reaper times out what ran out.
 *
 * <p>When no healthy GridFTP door can be chosen, or the store or the account database cannot be reached, the
 * file goes back to the head of its user's queue and its kind pauses, for {@link FullModeConfig#noDoorRetry}
 * doubled at every further failure up to {@link FullModeConfig#noDoorRetryMax}: it is never failed for it.
 * Idle workers wait on a condition, woken by new work and freed places, and never longer than a second at a time.
 */
public final class Dispatcher implements WorkQueue, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    private static final long IDLE_WAIT_SECONDS = 1;
    private static final long CLOSE_WAIT_SECONDS = 10;
    private static final int RECENT_REQUESTS = 4096;
    /** The most files a new request may have for {@link #serveAtOnce}: a stat and a door each. */
    static final int AT_ONCE_FILES = 4;
    /** What a request served at once is called while it is worked on, before the store gives it its token. */
    private static final RequestToken UNSTORED = new RequestToken("unstored");

    private final Scheduler scheduler;
    private final RequestStore store;
    private final AccountResolver accounts;
    private final FullModeConfig config;
    private final Clock clock;
    private final Map<RequestKind, FileWorker> workers = new EnumMap<>(RequestKind.class);
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<RequestKind, Condition> wake = new EnumMap<>(RequestKind.class);
    private final Map<RequestKind, Long> pausedUntil = new EnumMap<>(RequestKind.class);
    private final Map<RequestKind, Duration> backOff = new EnumMap<>(RequestKind.class);
    private final List<Thread> threads = new ArrayList<>();
    /**
     * The requests with queued files, as last seen: what a worker needs of a request (owner, SURLs, sizes,
     * lifetimes) never changes, and its state is checked again inside the update that stores a file's outcome,
     * so a worker reads the store once per file instead of twice. Bounded; a request not here is loaded.
     */
    private final Map<RequestToken, Request> recent = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<RequestToken, Request> eldest) {
            return size() > RECENT_REQUESTS;
        }
    };
    /** Requests whose maker waits for every file to be served ({@link #watch}). */
    private final Map<RequestToken, CompletableFuture<Request>> watched = new ConcurrentHashMap<>();
    private volatile boolean running;
    /** Files whose work ended with an outcome stored by this frontend's workers (not those served at once). */
    private final AtomicLong worked = new AtomicLong();
    /** Files dropped because another frontend took their request over. */
    private final AtomicLong fenced = new AtomicLong();

    Dispatcher(Scheduler scheduler, RequestStore store, AccountResolver accounts, FullModeConfig config,
               Clock clock) {
        this.scheduler = scheduler;
        this.store = store;
        this.accounts = accounts;
        this.config = config;
        this.clock = clock;
        for (RequestKind k : RequestKind.values()) {
            wake.put(k, lock.newCondition());
            pausedUntil.put(k, System.nanoTime());
            backOff.put(k, config.noDoorRetry());
        }
    }

    /** Binds a kind's work; before {@link #start}. */
    void register(RequestKind kind, FileWorker worker) {
        workers.put(kind, worker);
    }

    /** Starts the worker threads of every registered kind. */
    synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        for (RequestKind kind : workers.keySet()) {
            for (int i = 0; i < config.workers(kind); i++) {
                Thread t = new Thread(() -> run(kind), "srm-" + kind.name().toLowerCase() + "-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }
    }

    @Override
    public void enqueue(Request request) throws SrmException {
        List<FileWork> files = new ArrayList<>();
        String user = FileWork.userOf(request.owner());
        for (FileRequest f : request.files()) {
            if (f.state().isWaiting()) {
                files.add(new FileWork(request.token(), f.index(), request.kind(), user));
            }
        }
        if (files.isEmpty()) {
            return;
        }
        scheduler.enqueue(files);
        remember(request);
        signal(request.kind());
    }

    /**
     * Serves a new request in the caller's thread and keeps it in the store once, its files served or failed (the
     * files refused at once, by index, failed with their status): when the engine runs, its kind's work
     * {@link FileWorker#servesAtOnce serves at once}, its total request time is not zero, it has at most
     * {@value #AT_ONCE_FILES} files to serve, its kind is not paused for want of a door, and the scheduler gives
     * those files places in progress ({@link Scheduler#startAtOnce}: none of its kind queued, the places free).
     * The places are held while the files are worked on (the stat and the door: what the in-progress limit bounds)
     * and freed before the one write that keeps the request. Each file changes as a worker would change it,
     * through the same {@link FileRequest} moves, so the request kept is the one the workers would have kept;
     * nobody sees it before, so nothing can suspend or abort it meanwhile.
     *
     * @return the request as kept; empty when it was not served at once and nothing was kept (not eligible, no
     *         healthy door, the account database or the store unreachable): queue it as usual
     */
    Optional<Request> serveAtOnce(NewRequest request, Map<Integer, SrmException> refused) {
        RequestKind kind = request.kind();
        FileWorker worker = workers.get(kind);
        int files = request.files().size() - refused.size();
        if (!running || worker == null || !worker.servesAtOnce() || request.lifetime().isZero() || files < 1
                || files > AT_ONCE_FILES || isPaused(kind) || !scheduler.startAtOnce(kind, files)) {
            return Optional.empty();
        }
        Request made = Request.create(UNSTORED, request, clock.instant());
        Optional<Map<Integer, UnaryOperator<FileRequest>>> changes = Optional.empty();
        try {
            changes = workAtOnce(made, refused, worker);
        } catch (RuntimeException e) {
            LOG.error("a new {} request could not be served at once; it is queued", kind, e);
        } finally {
            boolean othersWait = changes.isPresent()
                    ? scheduler.doneAtOnce(kind, files, Duration.between(made.createdAt(), clock.instant()))
                    : scheduler.notAtOnce(kind, files);
            if (othersWait) {
                signal(kind);
            }
        }
        if (changes.isEmpty() || !clock.instant().isBefore(made.expiresAt())) {
            return Optional.empty();
        }
        Map<Integer, UnaryOperator<FileRequest>> change = changes.get();
        try {
            return Optional.of(store.create(request, cur -> cur.withEachFile(f -> change.get(f.index()).apply(f),
                    clock.instant())));
        } catch (SrmException e) {
            LOG.warn("a new {} request is queued instead of served at once: {}", kind, e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Serves every file of a new request now, in the maker's thread, and keeps it served: for a store that cannot
     * keep what a worker would do later (gateway mode's signed tokens). Nothing is queued, so a file that finds no
     * door fails (with the selector's status and reason) instead of waiting.
     *
     * @throws SrmException the account database unreachable, or the store's refusal (a request too large)
     */
    Request serveNow(NewRequest request, Map<Integer, SrmException> refused) throws SrmException {
        FileWorker worker = workers.get(request.kind());
        Account account = refused.size() < request.files().size() ? accounts.resolve(request.owner().account())
                : null;
        // served inside the store's change, so that the work sees the request's times exactly as they are signed
        return store.create(request, made -> made.withEachFile(f -> {
            SrmException e = refused.get(f.index());
            if (e != null) {
                return f.fail(e.status(), e.getMessage());
            }
            FileWork w = new FileWork(UNSTORED, f.index(), made.kind(), FileWork.userOf(made.owner()));
            try {
                return outcome(worker, made, w, account).apply(f);
            } catch (NoDoorException noDoor) {
                return f.fail(noDoor.status(), noDoor.getMessage());
            } catch (FencedException never) { // a store that keeps nothing holds nothing
                return f.fail(never.status(), never.getMessage());
            }
        }, made.createdAt()));
    }

    /**
     * Works on every file of a new request not refused: each file's change by index; empty to queue the request
     * instead (no door, the account database unreachable).
     */
    private Optional<Map<Integer, UnaryOperator<FileRequest>>> workAtOnce(Request made,
            Map<Integer, SrmException> refused, FileWorker worker) {
        Map<Integer, UnaryOperator<FileRequest>> changes = new HashMap<>();
        refused.forEach((index, e) -> changes.put(index, f -> f.fail(e.status(), e.getMessage())));
        try {
            Account account = accounts.resolve(made.owner().account());
            for (FileRequest f : made.files()) {
                if (!changes.containsKey(f.index())) {
                    changes.put(f.index(), outcome(worker, made, new FileWork(UNSTORED, f.index(), made.kind(),
                            FileWork.userOf(made.owner())), account));
                }
            }
        } catch (NoDoorException e) {
            return Optional.empty();
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INTERNAL_ERROR) {
                return Optional.empty();
            }
            made.files().forEach(f -> changes.putIfAbsent(f.index(), x -> x.fail(e.status(), e.getMessage())));
        }
        return Optional.of(changes);
    }

    private boolean isPaused(RequestKind kind) {
        lock.lock();
        try {
            return pausedUntil.get(kind) - System.nanoTime() > 0;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void cancel(RequestToken token) {
        scheduler.remove(token);
        synchronized (recent) {
            recent.remove(token);
        }
    }

    /** Keeps a request for the workers while it has waiting files. */
    private void remember(Request r) {
        synchronized (recent) {
            if (r.files().stream().anyMatch(f -> f.state().isWaiting())) {
                recent.put(r.token(), r);
            } else {
                recent.remove(r.token());
            }
        }
    }

    private Request load(RequestToken token) throws SrmException {
        synchronized (recent) {
            Request r = recent.get(token);
            if (r != null) {
                return r;
            }
        }
        return store.load(token);
    }

    /**
     * Completes with the request as stored once none of its files waits any more; call before {@link #enqueue},
     * and {@link #unwatch} when no longer waiting.
     */
    CompletableFuture<Request> watch(RequestToken token) {
        return watched.computeIfAbsent(token, t -> new CompletableFuture<>());
    }

    void unwatch(RequestToken token) {
        watched.remove(token);
    }

    /** How long the client should wait before asking about file {@code index} of {@code request}. */
    Duration estimatedWait(Request request, int index) {
        return scheduler.estimatedWait(new FileWork(request.token(), index, request.kind(),
                FileWork.userOf(request.owner())));
    }

    Scheduler scheduler() {
        return scheduler;
    }

    /** Files whose outcome this frontend's workers stored (served or failed), since start; for metrics. */
    long filesWorked() {
        return worked.get();
    }

    /** Files dropped because another frontend took their request over, since start; for metrics. */
    long filesFenced() {
        return fenced.get();
    }

    /**
     * Stops the workers and waits, up to {@value #CLOSE_WAIT_SECONDS} s in all, for the files they are serving and
     * for their threads to end: when it returns, the threads are gone (or a warning names each that is not).
     * Queued files stay in the store.
     */
    @Override
    public void close() {
        synchronized (this) {
            running = false;
        }
        lock.lock();
        try {
            wake.values().forEach(Condition::signalAll);
        } finally {
            lock.unlock();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (t.isAlive()) {
                LOG.warn("worker {} did not stop within {} s", t.getName(), CLOSE_WAIT_SECONDS);
            }
        }
        threads.clear();
    }

    private void signal(RequestKind kind) {
        lock.lock();
        try {
            wake.get(kind).signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void run(RequestKind kind) {
        while (running) {
            Optional<FileWork> next;
            try {
                next = take(kind);
            } catch (InterruptedException e) {
                return;
            }
            if (next.isEmpty()) {
                return;
            }
            serve(next.get());
        }
    }

    /** The next file of {@code kind}, waiting for one; empty once stopped. */
    private Optional<FileWork> take(RequestKind kind) throws InterruptedException {
        lock.lock();
        try {
            while (running) {
                long paused = pausedUntil.get(kind) - System.nanoTime();
                if (paused > 0) {
                    wake.get(kind).awaitNanos(Math.min(paused, TimeUnit.SECONDS.toNanos(IDLE_WAIT_SECONDS)));
                    continue;
                }
                Optional<FileWork> w = scheduler.next(kind);
                if (w.isPresent()) {
                    return w;
                }
                wake.get(kind).await(IDLE_WAIT_SECONDS, TimeUnit.SECONDS);
            }
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    private void serve(FileWork w) {
        MDC.put("token", w.token().shortId());
        boolean retry;
        try {
            retry = attempt(w);
        } catch (java.io.UncheckedIOException e) { // the upload journal's disk full, say: passes as the store's does
            LOG.warn("file {} of request {} is tried again later: {}", w.index(), w.token().shortId(),
                    e.getMessage());
            retry = true;
        } catch (RuntimeException e) {
            LOG.error("file {} of request {}: unexpected failure, dropped", w.index(), w.token().shortId(), e);
            retry = false;
        } finally {
            MDC.remove("token");
            MDC.remove("dn");
        }
        lock.lock();
        try {
            if (retry) {
                scheduler.requeue(w);
                Duration wait = backOff.get(w.kind());
                pausedUntil.put(w.kind(), System.nanoTime() + wait.toNanos());
                Duration doubled = wait.multipliedBy(2);
                backOff.put(w.kind(), doubled.compareTo(config.noDoorRetryMax()) > 0 ? config.noDoorRetryMax() : doubled);
            } else {
                scheduler.done(w);
                backOff.put(w.kind(), config.noDoorRetry());
            }
            wake.get(w.kind()).signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Works on one file; returns whether it must be tried again later: no door, or the store or the account
     * database unreachable.
     */
    private boolean attempt(FileWork w) {
        try {
            Optional<Request> stored = work(w);
            stored.ifPresent(this::served);
            return stored.isEmpty();
        } catch (FencedException e) {
            fenced.incrementAndGet();
            LOG.warn("file {} of request {} dropped: {}", w.index(), w.token().shortId(), e.getMessage());
            return false; // another frontend took the request over
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                return false; // purged meanwhile
            }
            LOG.warn("file {} of request {} is tried again later: {}", w.index(), w.token().shortId(),
                    e.getMessage());
            return true;
        }
    }

    /**
     * Works on one file and stores its outcome.
     *
     * @return the request as stored; the request as it is when there is nothing to do; empty to try again later
     * @throws SrmException when the store or the account database failed
     */
    private Optional<Request> work(FileWork w) throws SrmException {
        Request r = load(w.token());
        MDC.put("dn", r.owner().dn());
        if (!isWorkable(r, w.index())) {
            return Optional.of(r);
        }
        FileWorker worker = workers.get(w.kind());
        Account account;
        try {
            account = accounts.resolve(r.owner().account());
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INTERNAL_ERROR) {
                throw e;
            }
            return Optional.of(storeOutcome(w, f -> f.fail(e.status(), e.getMessage())));
        }
        if (worker.marksInProgress() && r.file(w.index()).state() == FileState.QUEUED) {
            r = storeOutcome(w, f -> f.moveTo(FileState.IN_PROGRESS));
            if (!isWorkable(r, w.index())) {
                return Optional.of(r);
            }
        }
        try {
            UnaryOperator<FileRequest> outcome = outcome(worker, r, w, account);
            boolean[] stored = new boolean[1];
            // the change may run more than once (a store's retry): what counts is its last run, the one kept
            Request after = store.updateHeld(w.token(), cur -> {
                stored[0] = isWorkable(cur, w.index());
                return stored[0] ? cur.withFile(w.index(), outcome, clock.instant()) : cur;
            }, durability(worker));
            if (stored[0]) {
                worked.incrementAndGet();
            }
            return Optional.of(after);
        } catch (NoDoorException e) {
            LOG.info("file {} of request {} waits for a door: {}", w.index(), w.token().shortId(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * How a file's outcome is kept: {@link Durability#REDOABLE} for work that may be done again
     * ({@link FileWorker#redoable}) on a store several frontends share, whose take-over thread queues this
     * frontend's held files again when the database restarted ({@link #requeueRedoable}); durable otherwise.
     */
    private Durability durability(FileWorker worker) {
        return worker.redoable() && store.leases().isPresent() ? Durability.REDOABLE : Durability.DURABLE;
    }

    /**
     * Queues again the waiting files of a request held by this frontend whose work is redoable
     * ({@link FileWorker#redoable}), after a restart of the database may have undone their outcomes (kept
     * {@link Durability#REDOABLE}): a file still queued here is then queued twice, and whichever take comes second
     * finds it served and stores nothing.
     *
     * @return the files queued
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the queue is full
     */
    int requeueRedoable(Request r) throws SrmException {
        FileWorker worker = workers.get(r.kind());
        if (worker == null || !worker.redoable()
                || (r.state() != RequestState.QUEUED && r.state() != RequestState.IN_PROGRESS)) {
            return 0;
        }
        enqueue(r);
        return (int) r.files().stream().filter(f -> f.state().isWaiting()).count();
    }

    /**
     * Changes the file in the store, if its request is still worked on, the file still waits and (a store several
     * frontends share) the request is still held by this frontend.
     */
    private Request storeOutcome(FileWork w, UnaryOperator<FileRequest> change) throws SrmException {
        return store.updateHeld(w.token(), cur -> isWorkable(cur, w.index())
                ? cur.withFile(w.index(), change, clock.instant()) : cur);
    }

    /** Keeps the request for its other files, or hands it to whoever waits for it once none waits. */
    private void served(Request stored) {
        remember(stored);
        if (stored.files().stream().noneMatch(f -> f.state().isWaiting())) {
            CompletableFuture<Request> waiting = watched.remove(stored.token());
            if (waiting != null) {
                waiting.complete(stored);
            }
        }
    }

    /**
     * The file's change once worked on: served or failed.
     *
     * @throws NoDoorException when no door could be chosen
     * @throws FencedException when the work found its request taken over by another frontend: nothing is stored
     */
    private UnaryOperator<FileRequest> outcome(FileWorker worker, Request r, FileWork w, Account account)
            throws NoDoorException, FencedException {
        try {
            FileWorker.Served s = worker.work(r, r.file(w.index()), account);
            return f -> withinRequest(r, f.ready(w.kind(), s.turl(), s.size(), clock.instant()));
        } catch (FencedException e) {
            throw e;
        } catch (SrmException e) {
            return f -> f.fail(e.status(), e.getMessage());
        }
    }

    /**
     * A put's file as served, its TURL lifetime cut to what is left of the request's total request time: the
     * request times out with its upload when that runs out ({@link Request#timeOut}), so no TURL may outlive it.
     */
    static FileRequest withinRequest(Request r, FileRequest served) {
        Optional<Instant> until = served.pinExpiresAt();
        if (r.kind() != RequestKind.PUT || until.isEmpty() || !until.get().isAfter(r.expiresAt())) {
            return served;
        }
        Instant now = until.get().minus(served.pinLifetime());
        Duration left = Duration.between(now, r.expiresAt());
        return served.withPinLifetime(left.isNegative() ? Duration.ZERO : left, now);
    }

    /** Queued or in progress, within its total request time (the reaper times it out after), the file waiting. */
    private boolean isWorkable(Request r, int index) {
        return (r.state() == RequestState.QUEUED || r.state() == RequestState.IN_PROGRESS)
                && clock.instant().isBefore(r.expiresAt())
                && index < r.files().size() && r.file(index).state().isWaiting();
    }
}

package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.opensrm.authz.AccountResolver;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.FileWork;
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
 * out, purged) is dropped: whoever changes the request back queues its files again.
 *
 * <p>When no healthy GridFTP door can be chosen, or the store or the account database cannot be reached, the
 * file goes back to the head of its user's queue and its kind pauses, for {@link FullModeConfig#noDoorRetry}
 * doubled at every further failure up to {@link FullModeConfig#noDoorRetryMax}: it is never failed for it.
 * Idle workers wait on a condition, woken by new work and freed places, and never longer than a second at a time.
 */
public final class Dispatcher implements WorkQueue, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    private static final long IDLE_WAIT_SECONDS = 1;

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
    private volatile boolean running;

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
        signal(request.kind());
    }

    @Override
    public void cancel(RequestToken token) {
        scheduler.remove(token);
    }

    /** How long the client should wait before asking about file {@code index} of {@code request}. */
    Duration estimatedWait(Request request, int index) {
        return scheduler.estimatedWait(new FileWork(request.token(), index, request.kind(),
                FileWork.userOf(request.owner())));
    }

    Scheduler scheduler() {
        return scheduler;
    }

    /** Stops the workers, waiting a little for the files they are serving; queued files stay in the store. */
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
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (t.isAlive()) {
                LOG.warn("worker {} did not stop within 10 s", t.getName());
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

    /** Works on one file; returns whether it must be tried again later. */
    private boolean attempt(FileWork w) {
        Request r;
        try {
            r = store.load(w.token());
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                return false; // purged meanwhile
            }
            LOG.warn("cannot load request {} (tried again later): {}", w.token().shortId(), e.getMessage());
            return true;
        }
        MDC.put("dn", r.owner().dn());
        if (!isWorkable(r, w.index())) {
            return false;
        }
        FileWorker worker = workers.get(w.kind());
        Account account;
        try {
            account = accounts.resolve(r.owner().account());
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INTERNAL_ERROR) {
                LOG.warn("cannot resolve account {} (tried again later): {}", r.owner().account(), e.getMessage());
                return true;
            }
            return !store(w, f -> f.fail(e.status(), e.getMessage()), r);
        }
        try {
            if (worker.marksInProgress() && r.file(w.index()).state() == FileState.QUEUED) {
                r = store.update(w.token(), cur -> isWorkable(cur, w.index())
                        ? cur.withFile(w.index(), f -> f.moveTo(FileState.IN_PROGRESS), clock.instant()) : cur);
                if (!isWorkable(r, w.index())) {
                    return false;
                }
            }
        } catch (SrmException e) {
            LOG.warn("cannot store request {} (tried again later): {}", w.token().shortId(), e.getMessage());
            return true;
        }
        Optional<UnaryOperator<FileRequest>> outcome = outcome(worker, r, w, account);
        if (outcome.isEmpty()) {
            return true;
        }
        Request stored;
        try {
            stored = store.update(w.token(), cur -> isWorkable(cur, w.index())
                    ? cur.withFile(w.index(), outcome.get(), clock.instant()) : cur);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                return false;
            }
            LOG.warn("cannot store request {} (tried again later): {}", w.token().shortId(), e.getMessage());
            return true;
        }
        FileRequest f = stored.file(w.index());
        if (f.state() == w.kind().readyState()) {
            worker.served(stored, f, account);
        }
        return false;
    }

    /** The file's change once worked on: served or failed; empty when no door could be chosen. */
    private Optional<UnaryOperator<FileRequest>> outcome(FileWorker worker, Request r, FileWork w, Account account) {
        try {
            FileWorker.Served s = worker.work(r, r.file(w.index()), account);
            return Optional.of(f -> f.ready(w.kind(), s.turl(), s.size(), clock.instant()));
        } catch (NoDoorException e) {
            LOG.info("file {} of request {} waits for a GridFTP door: {}", w.index(), w.token().shortId(),
                    e.getMessage());
            return Optional.empty();
        } catch (SrmException e) {
            return Optional.of(f -> f.fail(e.status(), e.getMessage()));
        }
    }

    /** Stores a failure decided before the work; returns whether it was stored. */
    private boolean store(FileWork w, UnaryOperator<FileRequest> change, Request r) {
        try {
            store.update(w.token(), cur -> isWorkable(cur, w.index())
                    ? cur.withFile(w.index(), change, clock.instant()) : cur);
            return true;
        } catch (SrmException e) {
            LOG.warn("cannot store request {} (tried again later): {}", r.token().shortId(), e.getMessage());
            return false;
        }
    }

    private static boolean isWorkable(Request r, int index) {
        return (r.state() == RequestState.QUEUED || r.state() == RequestState.IN_PROGRESS)
                && index < r.files().size() && r.file(index).state().isWaiting();
    }
}

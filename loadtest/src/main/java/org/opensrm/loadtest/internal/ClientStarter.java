package org.opensrm.loadtest.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a level's client threads on its own thread, so that the coordinator can report progress meanwhile, then
 * lets them all begin at once ({@link LevelState#begin()}): started while earlier clients already hammer the
 * server, thread creation starves on a small machine (10,000 threads took a minute on 2 cores).
 */
final class ClientStarter implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ClientStarter.class);
    private final LevelState state;
    private final int concurrency;
    private final long stackBytes;
    private final IntFunction<ClientWorker> workerFactory;
    private final List<ClientWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile int started;
    private volatile boolean finished;
    private volatile long beganAtNanos;

    ClientStarter(LevelState state, int concurrency, long stackBytes, IntFunction<ClientWorker> workerFactory) {
        this.state = state;
        this.concurrency = concurrency;
        this.stackBytes = stackBytes;
        this.workerFactory = workerFactory;
    }

    @Override
    public void run() {
        try {
            for (int i = 0; i < concurrency && state.running(); i++) {
                ClientWorker worker = workerFactory.apply(i);
                Thread thread = new Thread(null, worker, "srm-client-" + i, stackBytes);
                thread.setDaemon(true);
                try {
                    thread.start();
                } catch (OutOfMemoryError e) {
                    LOG.error("could only start {} of {} client threads: {}", i, concurrency, e.getMessage());
                    return;
                }
                synchronized (this) {
                    workers.add(worker);
                    threads.add(thread);
                }
                started = i + 1;
            }
        } finally {
            beganAtNanos = System.nanoTime();
            state.begin();
            finished = true;
        }
    }

    /** Clients started so far. */
    int started() {
        return started;
    }

    /** Whether starting is over (all started, stopped early, or out of threads). */
    boolean finished() {
        return finished;
    }

    /** Nanoseconds since the clients were let go; 0 while they are still being started. */
    long nanosSinceBegin() {
        return finished ? System.nanoTime() - beganAtNanos : 0;
    }

    synchronized List<ClientWorker> workers() {
        return List.copyOf(workers);
    }

    synchronized List<Thread> threads() {
        return List.copyOf(threads);
    }
}

package org.opensrm.loadtest.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.opensrm.loadtest.ConnectionMode;
import org.opensrm.loadtest.LevelProgress;
import org.opensrm.loadtest.LevelResult;
import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.ProgressListener;
import org.opensrm.loadtest.TargetSurl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one concurrency level against one target: starts the clients (one platform thread each, small stacks),
 * lets them warm up, measures a fixed window while reporting progress every second, then stops them.
 */
public final class LevelRunner {
    private static final Logger LOG = LoggerFactory.getLogger(LevelRunner.class);
    private static final long TICK_NANOS = 1_000_000_000L;
    private final LoadTestConfig config;
    private final HttpgConnector connector;
    private final ProgressListener listener;
    private final ScenarioFactory scenarios;

    public LevelRunner(LoadTestConfig config, HttpgConnector connector, ProgressListener listener, String runId) {
        this.config = config;
        this.connector = connector;
        this.listener = listener;
        this.scenarios = new ScenarioFactory(config, runId);
    }

    public LevelResult run(TargetSurl target, int concurrency) throws InterruptedException {
        LevelState state = new LevelState(Window.counting(concurrency));
        List<ClientWorker> workers = new ArrayList<>(concurrency);
        List<Thread> threads = new ArrayList<>(concurrency);
        try {
            startClients(state, target, concurrency, workers, threads);
            if (!config.warmup().isZero()) {
                runPhase(state, target, concurrency, false, config.warmup());
                state.switchTo(Window.counting(concurrency));
            }
            Window measured = state.window();
            long start = System.nanoTime();
            runPhase(state, target, concurrency, true, config.duration());
            state.switchTo(Window.discarding());
            double seconds = (System.nanoTime() - start) / 1e9;
            LevelResult result = resultOf(target, concurrency, threads.size(), seconds, measured);
            listener.levelFinished(result);
            return result;
        } finally {
            state.switchTo(Window.discarding());
            stopClients(state, workers, threads);
        }
    }

    private void startClients(LevelState state, TargetSurl target, int concurrency, List<ClientWorker> workers,
                              List<Thread> threads) {
        for (int i = 0; i < concurrency; i++) {
            final int client = i;
            ConnectionListener onConnect = () -> state.window().connectionOpened();
            SoapChannel channel = config.connectionMode() == ConnectionMode.KEEPALIVE
                    ? new KeepAliveChannel(connector, onConnect)
                    : new ConnectionPerRequestChannel(connector, onConnect);
            ClientWorker worker = new ClientWorker(client, state, channel,
                    scenarios.forClient(target, concurrency, client), config.errorBackoff().toMillis());
            Thread thread = new Thread(null, worker, "srm-client-" + client, config.threadStackBytes());
            thread.setDaemon(true);
            try {
                thread.start();
            } catch (OutOfMemoryError e) {
                LOG.error("could only start {} of {} client threads: {}", i, concurrency, e.getMessage());
                return;
            }
            workers.add(worker);
            threads.add(thread);
        }
    }

    private void runPhase(LevelState state, TargetSurl target, int concurrency, boolean measuring,
                          Duration length) throws InterruptedException {
        Window window = state.window();
        long start = System.nanoTime();
        long end = start + length.toNanos();
        long lastTotal = 0;
        long lastTick = start;
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                return;
            }
            long sleep = Math.max(0, Math.min(end - now, lastTick + TICK_NANOS - now));
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
            now = System.nanoTime();
            long total = window.total();
            double rate = (total - lastTotal) / Math.max(1e-9, (now - lastTick) / 1e9);
            listener.progress(new LevelProgress(config.operation(), target, config.connectionMode(), concurrency,
                    measuring, (now - start) / 1e9, rate, window.count(OutcomeKind.OK),
                    window.count(OutcomeKind.SRM_OTHER), window.count(OutcomeKind.HTTP_ERROR),
                    window.count(OutcomeKind.CONN_ERROR), window.count(OutcomeKind.MALFORMED),
                    window.handshakes()));
            lastTotal = total;
            lastTick = now;
        }
    }

    private LevelResult resultOf(TargetSurl target, int concurrency, int clients, double seconds, Window w) {
        Percentiles latencies = w.okLatencies();
        return new LevelResult(config.operation(), target, config.connectionMode(), concurrency, clients, seconds,
                w.total(), w.count(OutcomeKind.OK), w.count(OutcomeKind.SRM_OTHER), w.count(OutcomeKind.HTTP_ERROR),
                w.http503(), w.count(OutcomeKind.CONN_ERROR), w.count(OutcomeKind.MALFORMED), w.handshakes(),
                latencies.millis(50), latencies.millis(90), latencies.millis(99), latencies.maxMillis(),
                w.details());
    }

    /** Lets in-flight requests finish for up to the request timeout, then closes the connections of the rest. */
    private void stopClients(LevelState state, List<ClientWorker> workers, List<Thread> threads)
            throws InterruptedException {
        state.stop();
        long deadline = System.nanoTime() + config.requestTimeout().toNanos();
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                thread.join(Math.max(1, left / 1_000_000));
            }
        }
        int stuck = 0;
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).isAlive()) {
                stuck++;
                workers.get(i).abort();
                threads.get(i).interrupt();
            }
        }
        if (stuck > 0) {
            LOG.warn("{} clients still busy after {}; their connections were closed", stuck, config.requestTimeout());
            for (Thread thread : threads) {
                thread.join(1000);
            }
        }
    }
}

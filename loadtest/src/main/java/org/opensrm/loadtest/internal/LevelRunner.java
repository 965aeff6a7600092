package org.opensrm.loadtest.internal;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.opensrm.loadtest.ConnectionMode;
import org.opensrm.loadtest.LevelProgress;
import org.opensrm.loadtest.LevelResult;
import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.ProgressListener;
import org.opensrm.loadtest.TargetSurl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one concurrency level against one target: starts the clients (one platform thread each, small stacks), lets
 * them begin (spread over the ramp-up), warms up for the warm-up time after they began, measures a fixed window while reporting
 * progress every second, then stops the clients.
 */
public final class LevelRunner {
    private static final Logger LOG = LoggerFactory.getLogger(LevelRunner.class);
    private static final long TICK_NANOS = 1_000_000_000L;
    /** Phase ends are checked this often, so that a window lasts what was asked for within a few milliseconds. */
    private static final long POLL_NANOS = 5_000_000L;
    /** How long stopping clients may finish their request before their connections are closed under them. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(2);
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
        LevelState state = new LevelState(Window.counting(concurrency), concurrency);
        ClientStarter starter = new ClientStarter(state, concurrency, config.threadStackBytes(),
                client -> newWorker(state, target, concurrency, client));
        Thread starterThread = new Thread(starter, "srm-client-starter");
        starterThread.setDaemon(true);
        StallMonitor stalls = new StallMonitor();
        try {
            starterThread.start();
            long warmup = config.warmup().toNanos();
            boolean connectFirst = config.connectFirst().isPresent();
            if (connectFirst) {
                long longest = config.connectFirst().orElseThrow().toNanos();
                runPhase(state, target, concurrency, starter, true, false, () -> starter.finished()
                        && (state.connectedClients() >= starter.started() || starter.nanosSinceBegin() >= longest));
                if (state.connectedClients() < starter.started()) {
                    LOG.warn("only {} of {} clients connected within the connect-first time; requests start anyway",
                            state.connectedClients(), starter.started());
                }
                state.allowRequests();
                long allowed = System.nanoTime();
                runPhase(state, target, concurrency, starter, false, false, () -> System.nanoTime() - allowed >= warmup);
            } else {
                runPhase(state, target, concurrency, starter, false, false,
                        () -> starter.finished() && starter.nanosSinceBegin() >= warmup);
            }
            if (warmup > 0 || !starter.finished() || connectFirst) {
                state.switchTo(Window.counting(concurrency));
            }
            Window measured = state.window();
            long start = System.nanoTime();
            long end = start + config.duration().toNanos();
            runPhase(state, target, concurrency, starter, false, true, () -> System.nanoTime() - end >= 0);
            state.switchTo(Window.discarding());
            LevelResult result = resultOf(state, target, concurrency, starter.started(),
                    (System.nanoTime() - start) / 1e9, measured, stalls.longestNanos());
            listener.levelFinished(result);
            return result;
        } finally {
            stalls.close();
            state.switchTo(Window.discarding());
            state.stop();
            starterThread.join();
            stopClients(starter.workers(), starter.threads());
        }
    }

    private ClientWorker newWorker(LevelState state, TargetSurl target, int concurrency, int client) {
        ConnectionListener onConnect = new ConnectionListener() {
            @Override
            public void connectionOpened(long longestAnswerNanos) {
                state.window().connectionOpened();
                state.tally().connected(client, longestAnswerNanos);
            }

            @Override
            public void connectFailed(ConnectFailure failure) {
                state.tally().connectFailed(failure);
            }
        };
        SoapChannel channel = config.connectionMode() == ConnectionMode.KEEPALIVE
                ? new KeepAliveChannel(connector, onConnect)
                : new ConnectionPerRequestChannel(connector, onConnect);
        long delay = config.rampUp().toMillis() * client / concurrency;
        return new ClientWorker(client, state, channel, scenarios.forClient(target, concurrency, client),
                config.errorBackoff().toMillis(), delay, config.connectFirst().isPresent(), config.busyPause());
    }

    /** Ticks once a second, reporting progress, until {@code done}. */
    private void runPhase(LevelState state, TargetSurl target, int concurrency, ClientStarter starter,
                          boolean connecting, boolean measuring, BooleanSupplier done) throws InterruptedException {
        Window window = state.window();
        long start = System.nanoTime();
        long lastTotal = 0;
        long lastTick = start;
        while (!done.getAsBoolean()) {
            long now = System.nanoTime();
            long sleep = Math.max(0, Math.min(lastTick + TICK_NANOS - now, POLL_NANOS));
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
            now = System.nanoTime();
            if (now - lastTick < TICK_NANOS) {
                continue;
            }
            long total = window.total();
            double rate = (total - lastTotal) / ((now - lastTick) / 1e9);
            listener.progress(new LevelProgress(config.operation(), target, config.connectionMode(), concurrency,
                    starter.started(), connecting, state.connectedClients(), measuring, (now - start) / 1e9, rate, window.count(OutcomeKind.OK),
                    window.count(OutcomeKind.SRM_OTHER), window.count(OutcomeKind.HTTP_ERROR),
                    window.count(OutcomeKind.CONN_ERROR), window.count(OutcomeKind.MALFORMED),
                    window.handshakes()));
            lastTotal = total;
            lastTick = now;
        }
    }

    private LevelResult resultOf(LevelState state, TargetSurl target, int concurrency, int clients, double seconds,
                                 Window w, long stallNanos) {
        Percentiles latencies = w.okLatencies();
        ClientTally tally = state.tally();
        return new LevelResult(config.operation(), target, config.connectionMode(), concurrency, clients, seconds,
                w.total(), w.count(OutcomeKind.OK), w.count(OutcomeKind.SRM_OTHER), w.count(OutcomeKind.HTTP_ERROR),
                w.http503(), w.count(OutcomeKind.CONN_ERROR), w.count(OutcomeKind.MALFORMED), w.handshakes(),
                latencies.millis(50), latencies.millis(90), latencies.millis(99), latencies.maxMillis(),
                w.details(), tally.connected(), tally.answered(), tally.lastFirstAnswerSeconds(), tally.opened(),
                tally.connectionErrors(), tally.connectFailures(), tally.longestAnswerNanos() / 1e6, stallNanos / 1e6);
    }

    /**
     * Lets in-flight requests finish for a short grace (their outcomes are discarded anyway), then closes the
     * connections of the clients still waiting.
     */
    private void stopClients(List<ClientWorker> workers, List<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + Math.min(STOP_GRACE.toNanos(), config.requestTimeout().toNanos());
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            thread.join(Math.max(1, left / 1_000_000));
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
            LOG.info("{} clients were still waiting for an answer at the end of the level; connections closed", stuck);
            for (Thread thread : threads) {
                thread.join(5000);
            }
        }
    }
}

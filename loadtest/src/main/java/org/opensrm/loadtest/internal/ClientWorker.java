package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.util.function.Supplier;

import org.opensrm.loadtest.BusyPause;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated client: runs its scenario in a loop until the level stops, recording every outcome; after a busy
 * answer it waits as {@link BusyPause} says before its next call.
 */
final class ClientWorker implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ClientWorker.class);
    private final int index;
    private final LevelState state;
    private final SoapChannel channel;
    private final Supplier<Scenario> scenarioFactory;
    private final long errorBackoffMillis;
    private final BusyPause busyPause;
    private final long startDelayMillis;
    private final boolean connectFirst;

    /**
     * @param startDelayMillis how long after the level begins this client sends its first request (ramp-up)
     * @param connectFirst     open the connection after the delay, then wait until requests are allowed
     * @param busyPause        the pause before the next call after a busy answer
     */
    ClientWorker(int index, LevelState state, SoapChannel channel, Supplier<Scenario> scenarioFactory,
                 long errorBackoffMillis, long startDelayMillis, boolean connectFirst, BusyPause busyPause) {
        this.index = index;
        this.state = state;
        this.channel = channel;
        this.scenarioFactory = scenarioFactory;
        this.errorBackoffMillis = errorBackoffMillis;
        this.startDelayMillis = startDelayMillis;
        this.connectFirst = connectFirst;
        this.busyPause = busyPause;
    }

    @Override
    public void run() {
        try {
            SrmExchange exchange = new SrmExchange(channel);
            Scenario scenario = scenarioFactory.get();
            state.awaitBegin();
            if (startDelayMillis > 0) {
                Thread.sleep(startDelayMillis);
            }
            if (connectFirst) {
                connect();
                state.awaitRequestsAllowed();
            }
            int busyInARow = 0;
            while (state.running()) {
                long start = System.nanoTime();
                Outcome outcome = scenario.runOnce(exchange);
                state.window().record(index, outcome, System.nanoTime() - start);
                if (outcome.kind() == OutcomeKind.OK) {
                    state.tally().answered(index);
                } else if (outcome.kind() == OutcomeKind.CONN_ERROR) {
                    state.tally().connectionError();
                }
                if (outcome.kind() == OutcomeKind.CONN_ERROR && errorBackoffMillis > 0 && state.running()) {
                    Thread.sleep(errorBackoffMillis);
                }
                busyInARow = outcome.busy() ? busyInARow + 1 : 0;
                if (busyInARow > 0 && busyPause.pauses() && state.running()) {
                    state.pause(busyPause.after(busyInARow).toMillis());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("client {} stopped by an unexpected error", index, e);
        } finally {
            channel.close();
        }
    }

    /** Connect-first: opens the connection, retrying after errors (recorded as such) while the level runs. */
    private void connect() throws InterruptedException {
        while (state.running()) {
            long start = System.nanoTime();
            try {
                channel.connect();
                state.clientConnected();
                return;
            } catch (IOException | RuntimeException e) {
                state.tally().connectionError();
                state.window().record(index, new Outcome(OutcomeKind.CONN_ERROR, "connect "
                        + (e instanceof ConnectFailure && e.getCause() != null ? e.getCause() : e).getClass()
                        .getSimpleName(), 0), System.nanoTime() - start);
                if (errorBackoffMillis > 0) {
                    Thread.sleep(errorBackoffMillis);
                }
            }
        }
    }

    /** Stops the client's current exchange from another thread by closing its connection. */
    void abort() {
        channel.close();
    }
}

package org.opensrm.loadtest;

import java.util.Map;

/**
 * What one concurrency level measured (one row of {@code results.csv}). Latency figures are over OK iterations only
 * (a put iteration is the whole cycle); the rate is OK iterations per second of the measured window.
 *
 * @param clients         clients actually running (less than {@code concurrency} if threads could not be started)
 * @param requests        iterations that ended in the window, whatever their outcome
 * @param statusCounts    iterations per observed detail, e.g. {@code srmLs SRM_SUCCESS}, {@code srmLs HTTP 503}
 * @param clientsConnected clients that held a connection at least once during the level, warm-up included
 * @param clientsAnswered  clients that got at least one OK answer during the level, warm-up included
 * @param allAnsweredSeconds from the clients' start to the first OK answer of the last client that got one
 * @param levelConnections connections the clients opened during the level, warm-up included (more than the
 *                         clients when some had to reconnect)
 * @param levelConnErrors  connects and iterations that failed on the connection during the level, warm-up included
 * @param connectFailures  connections that could not be set up during the level, by why as the client saw it
 *                         (e.g. {@code closed by the server after the client was late (>= 1 s) answering its flight})
 * @param longestAnswerMillis the longest any client took to answer a flight of the server's handshakes (from
 *                         reading it to writing its answer), a measure of the load tester's own delay
 * @param longestStallMillis  the longest the load tester's process ran late as a whole (CPU, GC), warm-up included
 */
public record LevelResult(Operation operation, TargetSurl target, ConnectionMode connectionMode, int concurrency,
                          int clients, double measuredSeconds, long requests, long ok, long srmOther,
                          long httpErrors, long http503, long connErrors, long malformed, long handshakes,
                          double p50Millis, double p90Millis, double p99Millis, double maxMillis,
                          Map<String, Long> statusCounts, int clientsConnected, int clientsAnswered,
                          double allAnsweredSeconds, long levelConnections, long levelConnErrors,
                          Map<String, Long> connectFailures, double longestAnswerMillis, double longestStallMillis) {
    public LevelResult {
        statusCounts = Map.copyOf(statusCounts);
        connectFailures = Map.copyOf(connectFailures);
    }

    /** Effective processing rate: OK iterations per second. */
    public double ratePerSecond() {
        return measuredSeconds > 0 ? ok / measuredSeconds : 0;
    }
}

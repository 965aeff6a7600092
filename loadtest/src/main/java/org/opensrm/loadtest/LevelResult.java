package org.opensrm.loadtest;

import java.util.Map;

/**
 * What one concurrency level measured (one row of {@code results.csv}). Latency figures are over OK iterations only
 * (a put iteration is the whole cycle); the rate is OK iterations per second of the measured window.
 *
 * @param clients         clients actually running (less than {@code concurrency} if threads could not be started)
 * @param requests        iterations that ended in the window, whatever their outcome
 * @param statusCounts    iterations per observed detail, e.g. {@code srmLs SRM_SUCCESS}, {@code srmLs HTTP 503}
 */
public record LevelResult(Operation operation, TargetSurl target, ConnectionMode connectionMode, int concurrency,
                          int clients, double measuredSeconds, long requests, long ok, long srmOther,
                          long httpErrors, long http503, long connErrors, long malformed, long handshakes,
                          double p50Millis, double p90Millis, double p99Millis, double maxMillis,
                          Map<String, Long> statusCounts) {
    public LevelResult {
        statusCounts = Map.copyOf(statusCounts);
    }

    /** Effective processing rate: OK iterations per second. */
    public double ratePerSecond() {
        return measuredSeconds > 0 ? ok / measuredSeconds : 0;
    }
}

package org.opensrm.loadtest.internal;

import java.util.Arrays;

/** Nearest-rank percentiles over a set of latencies. */
final class Percentiles {
    private final long[] sorted;

    Percentiles(long[] nanos) {
        this.sorted = nanos.clone();
        Arrays.sort(sorted);
    }

    /** The {@code p}-th percentile (0 < p <= 100) in milliseconds; 0 when there are no samples. */
    double millis(double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }

    double maxMillis() {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6;
    }
}

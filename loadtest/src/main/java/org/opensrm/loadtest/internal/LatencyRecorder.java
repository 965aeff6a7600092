package org.opensrm.loadtest.internal;

import java.util.Arrays;

/** The latencies one client saw, in nanoseconds. Synchronized so a stuck client's samples can be read safely. */
final class LatencyRecorder {
    private long[] samples = new long[64];
    private int size;

    synchronized void add(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = nanos;
    }

    synchronized long[] toArray() {
        return Arrays.copyOf(samples, size);
    }
}

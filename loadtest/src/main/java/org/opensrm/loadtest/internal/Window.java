package org.opensrm.loadtest.internal;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of one phase of a level (warm-up, measurement, or the discarding tail after it). Clients record
 * into whichever window is current when an iteration ends.
 */
final class Window {
    private final boolean discarding;
    private final Map<OutcomeKind, LongAdder> kinds = new EnumMap<>(OutcomeKind.class);
    private final LongAdder http503 = new LongAdder();
    private final LongAdder handshakes = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> details = new ConcurrentHashMap<>();
    private final LatencyRecorder[] okLatencies;

    private Window(int clients, boolean discarding) {
        this.discarding = discarding;
        for (OutcomeKind kind : OutcomeKind.values()) {
            kinds.put(kind, new LongAdder());
        }
        okLatencies = new LatencyRecorder[discarding ? 0 : clients];
        for (int i = 0; i < okLatencies.length; i++) {
            okLatencies[i] = new LatencyRecorder();
        }
    }

    static Window counting(int clients) {
        return new Window(clients, false);
    }

    static Window discarding() {
        return new Window(0, true);
    }

    void record(int client, Outcome outcome, long nanos) {
        if (discarding) {
            return;
        }
        kinds.get(outcome.kind()).increment();
        if (outcome.httpStatus() == 503) {
            http503.increment();
        }
        details.computeIfAbsent(outcome.detail(), d -> new LongAdder()).increment();
        if (outcome.kind() == OutcomeKind.OK) {
            okLatencies[client].add(nanos);
        }
    }

    void connectionOpened() {
        if (!discarding) {
            handshakes.increment();
        }
    }

    long count(OutcomeKind kind) {
        return kinds.get(kind).sum();
    }

    long total() {
        long sum = 0;
        for (LongAdder adder : kinds.values()) {
            sum += adder.sum();
        }
        return sum;
    }

    long http503() {
        return http503.sum();
    }

    long handshakes() {
        return handshakes.sum();
    }

    Map<String, Long> details() {
        Map<String, Long> copy = new TreeMap<>();
        details.forEach((detail, adder) -> copy.put(detail, adder.sum()));
        return copy;
    }

    Percentiles okLatencies() {
        int total = 0;
        long[][] parts = new long[okLatencies.length][];
        for (int i = 0; i < okLatencies.length; i++) {
            parts[i] = okLatencies[i].toArray();
            total += parts[i].length;
        }
        long[] all = new long[total];
        int at = 0;
        for (long[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return new Percentiles(all);
    }
}

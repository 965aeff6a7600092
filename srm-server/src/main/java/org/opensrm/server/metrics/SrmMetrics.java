package org.opensrm.server.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The server's figures for operators, rendered in the Prometheus text format: requests by operation and SRM
 * status, latency histograms, requests in flight and waiting, rejections, and JVM heap and GC. Recording is
 * lock-free (adders), so it costs nothing measurable on the request path.
 */
public final class SrmMetrics {
    /** Latency bucket bounds in seconds. */
    static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final Map<String, OperationStats> operations = new ConcurrentHashMap<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger waiting = new AtomicInteger();
    private final LongAdder rejected = new LongAdder();
    private final Map<String, Supplier<Number>> gauges = new ConcurrentHashMap<>();
    private final Map<String, Supplier<Number>> counters = new ConcurrentHashMap<>();

    /** Records one finished call. */
    public void record(String operation, String status, long nanos) {
        operations.computeIfAbsent(operation, k -> new OperationStats()).record(status, nanos);
    }

    public AtomicInteger inFlight() {
        return inFlight;
    }

    public AtomicInteger waiting() {
        return waiting;
    }

    public void rejected() {
        rejected.increment();
    }

    public long rejectedCount() {
        return rejected.sum();
    }

    /** Adds a gauge read at scrape time, e.g. the transport's open connections. */
    public void gauge(String name, Supplier<Number> value) {
        gauges.put(name, value);
    }

    /** Adds a counter kept elsewhere and read at scrape time, e.g. the connections the transport refused. */
    public void counter(String name, Supplier<Number> value) {
        counters.put(name, value);
    }

    public String render() {
        StringBuilder out = new StringBuilder(4096);
        out.append("# HELP srm_requests_total SRM calls by operation and SRM status.\n# TYPE srm_requests_total counter\n");
        Map<String, OperationStats> sorted = new TreeMap<>(operations);
        sorted.forEach((op, s) -> s.byStatus.forEach((status, n) -> out.append("srm_requests_total{operation=\"")
                .append(op).append("\",status=\"").append(status).append("\"} ").append(n.sum()).append('\n')));
        out.append("# HELP srm_request_seconds Time to answer an SRM call.\n# TYPE srm_request_seconds histogram\n");
        sorted.forEach((op, s) -> s.renderHistogram(op, out));
        line(out, "srm_requests_in_flight", "gauge", "SRM calls being processed.", inFlight.get());
        line(out, "srm_requests_waiting", "gauge", "SRM calls waiting for a processing slot.", waiting.get());
        line(out, "srm_requests_rejected_total", "counter", "SRM calls refused because the server was full.",
                rejected.sum());
        new TreeMap<>(gauges).forEach((name, v) -> line(out, name, "gauge", name.replace('_', ' ') + ".", v.get()));
        new TreeMap<>(counters).forEach((name, v) -> line(out, name, "counter", name.replace('_', ' ') + ".", v.get()));
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        line(out, "jvm_heap_used_bytes", "gauge", "Heap in use.", heap.getUsed());
        line(out, "jvm_heap_committed_bytes", "gauge", "Heap committed.", heap.getCommitted());
        line(out, "jvm_heap_max_bytes", "gauge", "Largest heap.", heap.getMax());
        line(out, "jvm_threads", "gauge", "Live JVM threads.", ManagementFactory.getThreadMXBean().getThreadCount());
        out.append("# HELP jvm_gc_collections_total Garbage collections.\n# TYPE jvm_gc_collections_total counter\n");
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            out.append("jvm_gc_collections_total{gc=\"").append(gc.getName()).append("\"} ")
                    .append(Math.max(0, gc.getCollectionCount())).append('\n');
        }
        out.append("# HELP jvm_gc_seconds_total Time spent in garbage collection.\n# TYPE jvm_gc_seconds_total counter\n");
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            out.append("jvm_gc_seconds_total{gc=\"").append(gc.getName()).append("\"} ")
                    .append(Math.max(0, gc.getCollectionTime()) / 1000.0).append('\n');
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String name, String type, String help, Number value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(' ').append(type).append('\n')
                .append(name).append(' ').append(value).append('\n');
    }

    private static final class OperationStats {
        final Map<String, LongAdder> byStatus = new ConcurrentHashMap<>();
        final LongAdder[] buckets = new LongAdder[BUCKETS.length + 1];
        final LongAdder count = new LongAdder();
        final LongAdder nanos = new LongAdder();

        OperationStats() {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] = new LongAdder();
            }
        }

        void record(String status, long elapsed) {
            byStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
            double seconds = elapsed / 1e9;
            int i = 0;
            while (i < BUCKETS.length && seconds > BUCKETS[i]) {
                i++;
            }
            buckets[i].increment();
            count.increment();
            nanos.add(elapsed);
        }

        void renderHistogram(String op, StringBuilder out) {
            long cumulative = 0;
            for (int i = 0; i < BUCKETS.length; i++) {
                cumulative += buckets[i].sum();
                out.append("srm_request_seconds_bucket{operation=\"").append(op).append("\",le=\"").append(BUCKETS[i])
                        .append("\"} ").append(cumulative).append('\n');
            }
            cumulative += buckets[BUCKETS.length].sum();
            out.append("srm_request_seconds_bucket{operation=\"").append(op).append("\",le=\"+Inf\"} ")
                    .append(cumulative).append('\n');
            out.append("srm_request_seconds_sum{operation=\"").append(op).append("\"} ").append(nanos.sum() / 1e9).append('\n');
            out.append("srm_request_seconds_count{operation=\"").append(op).append("\"} ").append(count.sum()).append('\n');
        }
    }
}

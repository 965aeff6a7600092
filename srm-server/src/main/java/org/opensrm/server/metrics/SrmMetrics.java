package org.opensrm.server.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's figures for operators, kept with the Prometheus Java client: requests by operation and SRM
 * status, latency histograms, requests in flight and waiting, rejections, the figures other parts register with
 * {@link #gauge} and {@link #counter}, and the JVM's own (memory pools, GC, threads, classes, and the process's
 * CPU and file descriptors, as the client library's JVM instrumentation names them). Each instance has its own
 * registry, so several servers in one JVM (tests) never share figures.
 */
public final class SrmMetrics {
    /** Latency bucket bounds in seconds. */
    static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    /** A sample line: everything up to the last space, and the value after it. */
    private static final Pattern SAMPLE_VALUE = Pattern.compile("(?m)^([^#\\n][^\\n]* )(\\S+)$");

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Map<String, Collector> registered = new ConcurrentHashMap<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger waiting = new AtomicInteger();
    private final Counter requests;
    private final Histogram latency;
    private final Counter rejected;

    public SrmMetrics() {
        requests = Counter.builder().name("srm_requests_total").help("SRM calls by operation and SRM status.")
                .labelNames("operation", "status").withoutExemplars().register(registry);
        latency = Histogram.builder().name("srm_request_seconds").help("Time to answer an SRM call.")
                .labelNames("operation").classicOnly().classicUpperBounds(BUCKETS).withoutExemplars()
                .register(registry);
        rejected = Counter.builder().name("srm_requests_rejected_total")
                .help("SRM calls refused because the server was full.").withoutExemplars().register(registry);
        gauge("srm_requests_in_flight", "SRM calls being processed.", inFlight::get);
        gauge("srm_requests_waiting", "SRM calls waiting for a processing slot.", waiting::get);
        registerJvm();
    }

    /** Records one finished call. */
    public void record(String operation, String status, long nanos) {
        requests.labelValues(operation, status).inc();
        latency.labelValues(operation).observe(nanos / 1e9);
    }

    public AtomicInteger inFlight() {
        return inFlight;
    }

    public AtomicInteger waiting() {
        return waiting;
    }

    public void rejected() {
        rejected.inc();
    }

    public long rejectedCount() {
        return rejected.getLongValue();
    }

    /**
     * Adds a gauge read at scrape time, e.g. the transport's open connections. A second registration under the
     * same name replaces the first.
     */
    public void gauge(String name, Supplier<Number> value) {
        gauge(name, help(name), value);
    }

    /**
     * Adds a counter kept elsewhere and read at scrape time, e.g. the connections the transport refused. The
     * exposed name ends in {@code _total} (the client library appends it when the given name lacks it). A second
     * registration under the same name replaces the first.
     */
    public void counter(String name, Supplier<Number> value) {
        replace(name, CounterWithCallback.builder().name(name).help(help(name))
                .callback(cb -> cb.call(value.get().doubleValue())).build());
    }

    /**
     * Adds a gauge with one sample per value of its label, read at scrape time (e.g. bytes per space token). A
     * second registration under the same name replaces the first.
     */
    public void labelledGauge(String name, String label, Supplier<Map<String, ? extends Number>> values) {
        replace(name, GaugeWithCallback.builder().name(name).help(help(name)).labelNames(label)
                .callback(cb -> values.get().forEach((k, v) -> cb.call(v.doubleValue(), k))).build());
    }

    /**
     * Adds a counter kept elsewhere with one sample per value of its label, read at scrape time (e.g. choices per
     * door); named as {@link #counter}. A second registration under the same name replaces the first.
     */
    public void labelledCounter(String name, String label, Supplier<Map<String, ? extends Number>> values) {
        replace(name, CounterWithCallback.builder().name(name).help(help(name)).labelNames(label)
                .callback(cb -> values.get().forEach((k, v) -> cb.call(v.doubleValue(), k))).build());
    }

    /** The registry every figure is kept in (for exporters and parsers). */
    public PrometheusRegistry registry() {
        return registry;
    }

    /**
     * A scrape in the Prometheus text format (version 0.0.4), as {@code /metrics} serves it, except that whole
     * numbers are written as such ({@code 3}, not the library's {@code 3.0} or {@code 1.2E7}), as this server wrote
     * them before it used the library, for the tests and scripts that read counts from it.
     */
    public String render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16384);
        try {
            PrometheusTextFormatWriter.create().write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SAMPLE_VALUE.matcher(out.toString(StandardCharsets.UTF_8))
                .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + wholeNumber(m.group(2))));
    }

    private static String wholeNumber(String value) {
        try {
            double d = Double.parseDouble(value);
            return d == Math.rint(d) && Math.abs(d) < 0x1p53 ? Long.toString((long) d) : value;
        } catch (NumberFormatException e) {
            return value; // NaN and the infinities are written by the library as Prometheus spells them
        }
    }

    private void gauge(String name, String help, Supplier<Number> value) {
        replace(name, GaugeWithCallback.builder().name(name).help(help)
                .callback(cb -> cb.call(value.get().doubleValue())).build());
    }

    private void replace(String name, Collector collector) {
        Collector old = registered.put(name, collector);
        if (old != null) {
            registry.unregister(old);
        }
        registry.register(collector);
    }

    private static String help(String name) {
        return name.replace('_', ' ') + ".";
    }

    /**
     * The client library's JVM and process metrics, plus the JVM names this server exposed before it used the
     * library ({@code jvm_heap_*_bytes}, {@code jvm_threads}, {@code jvm_gc_collections_total},
     * {@code jvm_gc_seconds_total}), kept so existing dashboards and alerts keep working.
     */
    private void registerJvm() {
        JvmMetrics.builder().register(registry);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        gauge("jvm_heap_used_bytes", "Heap in use.", () -> memory.getHeapMemoryUsage().getUsed());
        gauge("jvm_heap_committed_bytes", "Heap committed.", () -> memory.getHeapMemoryUsage().getCommitted());
        gauge("jvm_heap_max_bytes", "Largest heap.", () -> memory.getHeapMemoryUsage().getMax());
        gauge("jvm_threads", "Live JVM threads.", () -> ManagementFactory.getThreadMXBean().getThreadCount());
        replace("jvm_gc_collections_total", CounterWithCallback.builder().name("jvm_gc_collections_total")
                .help("Garbage collections.").labelNames("gc").callback(cb -> {
                    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                        cb.call(Math.max(0, gc.getCollectionCount()), gc.getName());
                    }
                }).build());
        replace("jvm_gc_seconds_total", CounterWithCallback.builder().name("jvm_gc_seconds_total")
                .help("Time spent in garbage collection.").labelNames("gc").callback(cb -> {
                    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                        cb.call(Math.max(0, gc.getCollectionTime()) / 1000.0, gc.getName());
                    }
                }).build());
    }
}

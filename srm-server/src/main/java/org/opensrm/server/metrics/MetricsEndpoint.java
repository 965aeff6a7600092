package org.opensrm.server.metrics;

import com.sun.net.httpserver.HttpHandler;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves {@code /metrics} (Prometheus text format, OpenMetrics or protobuf as the scraper asks) and
 * {@code /-/healthy} with the Prometheus client's HTTP exporter, and every other path with {@code health} (the load
 * balancer's checks, {@link Readiness}), on its own plain-HTTP port (meant for a
 * monitoring network or loopback, never the SRM port), on one thread of its own so scrapes never compete with SRM
 * calls.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private final String host;
    private final int port;
    private final SrmMetrics metrics;
    private final HttpHandler health;
    private HTTPServer server;

    public MetricsEndpoint(String host, int port, SrmMetrics metrics, HttpHandler health) {
        this.host = host;
        this.port = port;
        this.metrics = metrics;
        this.health = health;
    }

    public void start() throws IOException {
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "srm-metrics");
            t.setDaemon(true);
            return t;
        });
        server = HTTPServer.builder().hostname(host).port(port).registry(metrics.registry())
                .defaultHandler(health).executorService(thread).buildAndStart();
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}

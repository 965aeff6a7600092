package org.opensrm.server.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a load balancer's health check asks a frontend, on the metrics port without a credential
 * ({@code conf/haproxy.cfg}, {@code docs/operating.md} section 13):
 * <ul>
 *   <li>{@value #LIVE}: 200 while the SRM port accepts connections;</li>
 *   <li>{@value #READY}: 200 while the SRM port accepts connections and, in full mode, the request store answers a
 *       trivial statement; 503 with the reason otherwise.</li>
 * </ul>
 * Both are probed in the background every {@value #INTERVAL_MS} ms, so a check is answered at once whatever the
 * database does; a probe result older than {@value #STALE_MS} ms counts as failed (a probe stuck on a database that
 * does not answer). Changes are logged once each.
 */
public final class Readiness implements HttpHandler, AutoCloseable {
    public static final String LIVE = "/-/live";
    public static final String READY = "/-/ready";
    private static final Logger LOG = LoggerFactory.getLogger(Readiness.class);
    static final long INTERVAL_MS = 1_000;
    static final long STALE_MS = 5_000;
    private static final int CONNECT_MS = 1_000;

    private record State(String live, String ready, long atNanos) {
    }

    private final String host;
    private final IntSupplier srmPort;
    private final Optional<RequestStore> store;
    private final ScheduledExecutorService prober;
    private volatile State state = new State(null, null, System.nanoTime());

    /**
     * Probes {@code host}:{@code srmPort} (a wildcard host is probed on loopback) and {@code store} when present.
     * Call {@link #start} once the SRM port listens.
     */
    public Readiness(String host, IntSupplier srmPort, Optional<RequestStore> store) {
        this.host = host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
        this.srmPort = srmPort;
        this.store = store;
        this.prober = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "srm-readiness");
            t.setDaemon(true);
            return t;
        });
    }

    public void start() {
        probe();
        prober.scheduleWithFixedDelay(this::probe, INTERVAL_MS, INTERVAL_MS, TimeUnit.MILLISECONDS);
    }

    /** Empty when the SRM port accepts connections; else why not. */
    Optional<String> liveProblem() {
        State s = fresh();
        return Optional.ofNullable(s.live);
    }

    /** Empty when the frontend can serve every call; else why not. */
    Optional<String> readyProblem() {
        State s = fresh();
        return Optional.ofNullable(s.live != null ? s.live : s.ready);
    }

    private State fresh() {
        State s = state;
        if (System.nanoTime() - s.atNanos > TimeUnit.MILLISECONDS.toNanos(STALE_MS)) {
            String stuck = "no probe finished for " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - s.atNanos)
                    + " ms";
            return new State(s.live == null ? null : stuck, stuck, s.atNanos);
        }
        return s;
    }

    private void probe() {
        try {
            State before = state;
            String live = listenerProblem();
            String ready = storeProblem();
            state = new State(live, ready, System.nanoTime());
            logChange("SRM port", before.live, live);
            logChange("request store", before.ready, ready);
        } catch (RuntimeException e) {
            LOG.warn("readiness probe failed: {}", e.toString());
        }
    }

    private String listenerProblem() {
        int port = srmPort.getAsInt();
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), CONNECT_MS);
            return null;
        } catch (IOException e) {
            return "SRM port " + host + ":" + port + " does not accept connections: " + e.getMessage();
        }
    }

    private String storeProblem() {
        if (store.isEmpty()) {
            return null;
        }
        try {
            store.get().ping();
            return null;
        } catch (SrmException e) {
            return "request store unreachable: " + e.getMessage();
        }
    }

    private static void logChange(String what, String before, String now) {
        if (before != null && now == null) {
            LOG.info("readiness: {} answers again", what);
        } else if (now != null && !now.equals(before)) {
            LOG.warn("readiness: not ready: {}", now);
        }
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            Optional<String> problem;
            if (LIVE.equals(path)) {
                problem = liveProblem();
            } else if (READY.equals(path)) {
                problem = readyProblem();
            } else {
                send(exchange, 404, "not found: " + LIVE + ", " + READY + ", /metrics, /-/healthy\n");
                return;
            }
            send(exchange, problem.isEmpty() ? 200 : 503,
                    problem.map(p -> "not ready: " + p + "\n").orElse("ready\n"));
        }
    }

    private static void send(HttpExchange exchange, int code, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(code, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        prober.shutdownNow();
    }
}

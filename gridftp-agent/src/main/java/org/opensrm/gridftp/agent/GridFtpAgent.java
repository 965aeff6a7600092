package org.opensrm.gridftp.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * A small agent for a GridFTP host: serves {@code GET /metrics} in the Prometheus text format with the live
 * GridFTP sessions (the children of the globus-gridftp-server daemon: it forks one per control connection), the
 * transfer throughput over a recent window (from the server's transfer log), and the host's load average and cores.
 * The OpenSRM load-probe selector reads it ({@code gridftp.loadprobe.source=prometheus}).
 *
 * <pre>
 * java -jar opensrm-gridftp-agent.jar --pid-file /run/globus-gridftp-server.pid \
 *      --transfer-log /var/log/gridftp-transfer.log [--listen 0.0.0.0:9811] [--window 30] [--sessions-max N]
 *      [--link-bytes-per-second B]
 * </pre>
 *
 * Prints {@code listening on HOST:PORT} on standard output once it serves ({@code --listen 127.0.0.1:0} takes a free
 * port). Needs read access to the transfer log; the daemon's children are read from the process table.
 */
public final class GridFtpAgent implements AutoCloseable {
    private final AgentOptions options;
    private final TransferLog log;
    private final HttpServer http;

    GridFtpAgent(AgentOptions options) throws IOException {
        this.options = options;
        this.log = new TransferLog(options.transferLog());
        this.http = HttpServer.create(new InetSocketAddress(options.host(), options.port()), 16);
        http.createContext("/metrics", this::serve);
        http.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gridftp-agent-http");
            t.setDaemon(true);
            return t;
        }));
    }

    public static void main(String[] args) throws Exception {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("gridftp-agent: " + e.getMessage());
            System.err.println(AgentOptions.USAGE);
            System.exit(2);
            return;
        }
        GridFtpAgent agent = new GridFtpAgent(options);
        agent.start();
        System.out.println("listening on " + options.host() + ":" + agent.port());
        System.out.flush();
        Thread.currentThread().join();
    }

    void start() {
        http.start();
    }

    int port() {
        return http.getAddress().getPort();
    }

    private void serve(HttpExchange ex) throws IOException {
        byte[] body;
        int status = 200;
        try {
            body = render().getBytes(StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            status = 500;
            body = ("# " + e + "\n").getBytes(StandardCharsets.UTF_8);
        }
        ex.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    synchronized String render() throws IOException {
        StringBuilder out = new StringBuilder(1024);
        Optional<ProcessHandle> daemon = daemon();
        line(out, "gridftp_daemon_up", "gauge", "1 when the globus-gridftp-server daemon runs.",
                daemon.isPresent() ? 1 : 0);
        line(out, "gridftp_sessions", "gauge", "Live GridFTP sessions (children of the daemon).",
                daemon.map(d -> d.children().filter(ProcessHandle::isAlive).count()).orElse(0L));
        if (options.sessionsMax() > 0) {
            line(out, "gridftp_sessions_max", "gauge", "Sessions the door serves before it answers 421.",
                    options.sessionsMax());
        }
        log.catchUp();
        double now = System.currentTimeMillis() / 1000.0;
        line(out, "gridftp_transfer_bytes_per_second", "gauge",
                "Bytes moved per second by transfers that ended within the window, spread over their duration.",
                log.bytesPerSecond(now, options.windowSeconds()));
        line(out, "gridftp_transferred_bytes_total", "counter", "Bytes of the transfers in the log read so far.",
                log.totalBytes());
        line(out, "gridftp_transfers_total", "counter", "Transfers in the log read so far.", log.totalTransfers());
        if (options.linkBytesPerSecond() > 0) {
            line(out, "gridftp_link_bytes_per_second", "gauge", "What the door's link carries at most.",
                    options.linkBytesPerSecond());
        }
        line(out, "gridftp_host_load1", "gauge", "1-minute load average of the host.", load1());
        line(out, "gridftp_host_cpus", "gauge", "Cores of the host.", Runtime.getRuntime().availableProcessors());
        return out.toString();
    }

    private Optional<ProcessHandle> daemon() throws IOException {
        long pid = options.pid();
        if (pid <= 0) {
            String text = Files.exists(options.pidFile()) ? Files.readString(options.pidFile()).trim() : "";
            if (!text.matches("\\d+")) {
                return Optional.empty();
            }
            pid = Long.parseLong(text);
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    }

    private static double load1() throws IOException {
        Path loadavg = Path.of("/proc/loadavg");
        if (!Files.exists(loadavg)) {
            return Math.max(0, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
        return Double.parseDouble(Files.readString(loadavg).trim().split("\\s+")[0]);
    }

    private static void line(StringBuilder out, String name, String type, String help, Number value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(' ').append(type).append('\n')
                .append(name).append(' ').append(value).append('\n');
    }

    @Override
    public void close() {
        http.stop(0);
    }
}

package org.opensrm.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real HAProxy (Debian's {@code /usr/sbin/haproxy}) in TCP mode in front of SRM frontends, as
 * {@code conf/haproxy.cfg} sets one up: a backend of the frontends checked on their metrics port with
 * {@code GET /-/ready}, and a last-resort backend of the same frontends checked with {@code GET /-/live} that takes
 * the connections while no frontend is ready (so that clients get a retryable SRM answer, not a closed connection).
 * It listens on a free loopback port, runs in the foreground as this JVM's child (as {@code nobody} when the test
 * runs as root), and reports its servers' states from its statistics page.
 */
public final class HaproxyProcess implements AutoCloseable {
    /** A frontend behind the balancer: its SRM port and its metrics port (where its health is checked). */
    public record Server(String name, int srmPort, int metricsPort) {
    }

    private static final Duration STARTUP = Duration.ofSeconds(20);
    private final Process process;
    private final Path log;
    private final int port;
    private final int statsPort;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private HaproxyProcess(Process process, Path log, int port, int statsPort) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.statsPort = statsPort;
    }

    /** Writes the configuration into {@code dir}, starts HAProxy on it and returns once its statistics answer. */
    public static HaproxyProcess start(Path dir, List<Server> servers) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        int port = freePort();
        int statsPort = freePort();
        Path cfg = Files.writeString(dir.resolve("haproxy.cfg"), config(port, statsPort, servers));
        Path log = dir.resolve("haproxy.log");
        Process p = new ProcessBuilder("/usr/sbin/haproxy", "-db", "-f", cfg.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        HaproxyProcess haproxy = new HaproxyProcess(p, log, port, statsPort);
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (true) {
            try {
                haproxy.serverStates();
                return haproxy;
            } catch (IOException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    haproxy.close();
                    throw new IOException("HAProxy did not start: " + haproxy.log(), e);
                }
                Thread.sleep(100);
            }
        }
    }

    /** The configuration: the same options as {@code conf/haproxy.cfg}, faster checks for a test. */
    static String config(int port, int statsPort, List<Server> servers) {
        boolean root = "root".equals(System.getProperty("user.name"));
        StringBuilder s = new StringBuilder();
        s.append("global\n    log stdout format raw local0 info\n    maxconn 500\n");
        if (root) {
            s.append("    user nobody\n    group nogroup\n");
        }
        s.append("defaults\n    mode tcp\n    log global\n    option tcplog\n    timeout connect 2s\n")
                .append("    timeout client 10m\n    timeout server 10m\n    timeout check 2s\n")
                .append("    retries 2\n    option redispatch\n");
        s.append("frontend srm\n    bind 127.0.0.1:").append(port).append('\n')
                .append("    use_backend srm_frontends if { nbsrv(srm_frontends) gt 0 }\n")
                .append("    default_backend srm_last_resort\n");
        s.append(backend("srm_frontends", "/-/ready", servers));
        s.append(backend("srm_last_resort", "/-/live", servers));
        s.append("listen stats\n    mode http\n    bind 127.0.0.1:").append(statsPort).append('\n')
                .append("    stats enable\n    stats uri /stats\n");
        return s.toString();
    }

    private static String backend(String name, String check, List<Server> servers) {
        StringBuilder s = new StringBuilder("backend ").append(name).append('\n')
                .append("    balance roundrobin\n    option httpchk GET ").append(check).append('\n')
                .append("    http-check expect status 200\n")
                .append("    default-server inter 500ms fastinter 500ms downinter 500ms fall 2 rise 2\n");
        for (Server server : servers) {
            s.append("    server ").append(server.name()).append(" 127.0.0.1:").append(server.srmPort())
                    .append(" check port ").append(server.metricsPort()).append('\n');
        }
        return s.toString();
    }

    /** The port clients connect to. */
    public int port() {
        return port;
    }

    /** Each server's state in backend {@code srm_frontends} as HAProxy sees it now ({@code UP}, {@code DOWN}...). */
    public Map<String, String> serverStates() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + statsPort + "/stats;csv")).timeout(Duration.ofSeconds(2))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("HAProxy statistics answered " + r.statusCode());
        }
        String[] lines = r.body().split("\n");
        List<String> header = List.of(lines[0].replaceFirst("^# ", "").split(","));
        int proxy = header.indexOf("pxname");
        int server = header.indexOf("svname");
        int status = header.indexOf("status");
        Map<String, String> states = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            if (f.length > status && f[proxy].equals("srm_frontends") && !f[server].equals("FRONTEND")
                    && !f[server].equals("BACKEND")) {
                states.put(f[server], f[status]);
            }
        }
        return states;
    }

    /**
     * Waits until server {@code name} is in {@code state} ({@code UP} or {@code DOWN}) and returns how long that
     * took; fails after {@code within}.
     */
    public Duration awaitState(String name, String state, Duration within) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + within.toNanos();
        String now = serverStates().get(name);
        while (now == null || !now.startsWith(state)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("HAProxy has " + name + " " + now + ", not " + state + " after " + within
                        + "; states " + serverStates());
            }
            Thread.sleep(100);
            now = serverStates().get(name);
        }
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /** HAProxy's output so far (for failure messages). */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

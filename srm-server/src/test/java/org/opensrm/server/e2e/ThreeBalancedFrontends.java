package org.opensrm.server.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opensrm.server.LaunchedServer;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.HaproxyProcess;
import org.opensrm.testkit.PostgresCluster;

/**
 * Three full-mode frontends of one {@link E2eSite} on one real PostgreSQL behind a real HAProxy (TCP mode, the
 * checks of {@code conf/haproxy.cfg}): {@value #A} is the site's server and {@value #B} a second one, both in this
 * JVM with the site's two GridFTP doors; {@value #Q} runs in a JVM of its own ({@code bin/srm-server}) that a test
 * or benchmark kills with SIGKILL, and its only door refuses connections, so that every get or put the balancer
 * hands to Q stays queued there until Q dies and A and B take it over. The PostgreSQL is set up as a site with three
 * frontends at the default pool size sets it up ({@link #MAX_CONNECTIONS}, docs/operating.md section 13). Each door
 * writes a transfer log ({@code -log-transfer}): {@link #doorTransfers} counts what the doors really moved.
 */
final class ThreeBalancedFrontends implements AutoCloseable {
    static final String A = "a";
    static final String B = "b";
    static final String Q = "q";
    /**
     * What a site running three frontends at the default {@code srm.store.postgresql.pool.size} (24) gives
     * PostgreSQL: each frontend keeps up to two pools of that size (request store and space store), 3 x 2 x 24 =
     * 144, plus the superuser's reserved connections and an operator's sessions.
     */
    static final int MAX_CONNECTIONS = 200;
    private static final Pattern METRICS = Pattern.compile("Prometheus metrics on http://[^:]+:(\\d+)/metrics");
    /** One line of a door's transfer log: the file, the direction and the FTP reply code. */
    private static final Pattern TRANSFER = Pattern.compile("FILE=(\\S+) .*TYPE=(\\S+) CODE=(\\d+)");
    private static final Duration UP_WITHIN = Duration.ofSeconds(60);

    private final PostgresCluster postgres;
    private final String jdbcUrl;
    private final E2eSite site;
    private final SrmServer frontendB;
    private final Socket refusing;
    private final LaunchedServer frontendQ;
    private final HaproxyProcess haproxy;
    private final Path logs;
    private final List<Path> transferLogs;

    private ThreeBalancedFrontends(PostgresCluster postgres, String jdbcUrl, E2eSite site, SrmServer frontendB,
                                   Socket refusing, LaunchedServer frontendQ, HaproxyProcess haproxy, Path logs,
                                   List<Path> transferLogs) {
        this.postgres = postgres;
        this.jdbcUrl = jdbcUrl;
        this.site = site;
        this.frontendB = frontendB;
        this.refusing = refusing;
        this.frontendQ = frontendQ;
        this.haproxy = haproxy;
        this.logs = logs;
        this.transferLogs = transferLogs;
    }

    /** Starts everything, {@code settings} on top of every frontend's; returns once HAProxy has all three UP. */
    static ThreeBalancedFrontends start(Map<String, String> settings) throws Exception {
        PostgresCluster postgres = PostgresCluster.create();
        Path logs = Files.createTempDirectory(Path.of("/tmp"), "opensrm-door-transfers-");
        Files.setPosixFilePermissions(logs, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<Path> transferLogs = new CopyOnWriteArrayList<>();
        E2eSite site = null;
        SrmServer b = null;
        Socket refusing = null;
        LaunchedServer q = null;
        try {
            postgres.sql("postgres", "ALTER SYSTEM SET max_connections = " + MAX_CONNECTIONS);
            postgres.stop();
            postgres.start();
            String url = postgres.createDatabase("srm");
            Map<String, String> all = new HashMap<>(FullModeSites.onPostgres(url));
            all.put("metrics.port", "0");
            all.putAll(settings);
            all.put("srm.frontend.name", A);
            AtomicInteger doors = new AtomicInteger();
            site = E2eSite.startWithDoors(all, door -> {
                Path log = logs.resolve("door-" + doors.incrementAndGet() + ".transfers");
                try {
                    Files.deleteIfExists(log);
                    Files.createFile(log, PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rw-rw-rw-")));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                transferLogs.add(log);
                return door.extraArgs("-log-transfer", log.toString());
            });
            b = site.frontend(B, Map.of("srm.frontend.name", B, "metrics.port", "0"));
            refusing = new Socket(); // bound, never listening: connections to it are refused, no one else takes it
            refusing.bind(new InetSocketAddress("127.0.0.1", 0));
            Map<String, String> extra = new LinkedHashMap<>();
            extra.put("srm.frontend.name", Q);
            extra.put("metrics.port", "0");
            extra.put("gridftp.nodes", "gsiftp://127.0.0.1:" + refusing.getLocalPort());
            extra.put("gridftp.probe.interval", "1s");
            extra.put("gridftp.probe.timeout", "1s");
            Path work = site.base().resolve("frontend-" + Q);
            extra.put("srm.port", "0");
            extra.put("srm.state.dir", Files.createDirectories(work.resolve("state")).toString());
            q = site.launch(work, extra, Q + ".log");
            Matcher m = METRICS.matcher(q.log());
            if (!m.find()) {
                throw new IllegalStateException("Q logged no metrics port:\n" + q.log());
            }
            awaitLog(q, "door gsiftp://127.0.0.1:" + refusing.getLocalPort() + " is down");
            SrmServer a = site.server();
            HaproxyProcess haproxy = HaproxyProcess.start(site.scratch("haproxy"), List.of(
                    new HaproxyProcess.Server(A, a.port(), a.metricsPort()),
                    new HaproxyProcess.Server(B, b.port(), b.metricsPort()),
                    new HaproxyProcess.Server(Q, q.port(), Integer.parseInt(m.group(1)))));
            ThreeBalancedFrontends all3 = new ThreeBalancedFrontends(postgres, url, site, b, refusing, q, haproxy,
                    logs, transferLogs);
            for (String name : List.of(A, B, Q)) {
                haproxy.awaitState(name, "UP", UP_WITHIN);
            }
            return all3;
        } catch (Exception | Error e) {
            closeAll(null, q, b, site, refusing, postgres, logs);
            throw e;
        }
    }

    /** Waits, up to two minutes (a loaded host), until {@code q} has logged {@code line}. */
    private static void awaitLog(LaunchedServer q, String line) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!q.log().contains(line)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Q never logged '" + line + "':\n" + q.log());
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    E2eSite site() {
        return site;
    }

    SrmServer frontendB() {
        return frontendB;
    }

    LaunchedServer frontendQ() {
        return frontendQ;
    }

    HaproxyProcess haproxy() {
        return haproxy;
    }

    PostgresCluster postgres() {
        return postgres;
    }

    /** The balancer's port: where every client call goes. */
    int port() {
        return haproxy.port();
    }

    /** {@code srm://localhost:PORT/path} through the balancer. */
    String surl(String path) {
        return E2eSite.surl(haproxy.port(), path);
    }

    /** A connection to the shared database. */
    Connection sql() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, PostgresCluster.USER, "");
    }

    /** The tokens of the active requests (queued or in progress) held by frontend {@code name}. */
    List<String> activeTokensOf(String name) throws SQLException {
        List<String> tokens = new ArrayList<>();
        try (Connection c = sql(); PreparedStatement s = c.prepareStatement(
                "SELECT token FROM srm_request WHERE frontend = ? AND state IN ('QUEUED', 'IN_PROGRESS')")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    tokens.add(rs.getString(1));
                }
            }
        }
        return tokens;
    }

    /** The frontend holding request {@code token} now. */
    String holderOf(String token) throws SQLException {
        try (Connection c = sql(); PreparedStatement s = c.prepareStatement(
                "SELECT frontend FROM srm_request WHERE token = ?")) {
            s.setString(1, token);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Connections PostgreSQL has open for the frontends now ({@code application_name} opensrm). */
    int storeConnections() throws SQLException {
        try (Connection c = sql(); PreparedStatement s = c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'opensrm'");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * The transfers the doors completed (FTP reply 226), by file as the door names it (its absolute path) and
     * direction: {@code RETR /path} or {@code STOR /path}, each with how many times it happened.
     */
    Map<String, Integer> doorTransfers() throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        for (Path log : transferLogs) {
            for (String line : Files.readAllLines(log)) {
                Matcher m = TRANSFER.matcher(line);
                if (m.find() && m.group(3).equals("226")) {
                    counts.merge(m.group(2) + " " + Path.of(m.group(1)).normalize(), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    @Override
    public void close() throws Exception {
        closeAll(haproxy, frontendQ, frontendB, site, refusing, postgres, logs);
    }

    private static void closeAll(HaproxyProcess haproxy, LaunchedServer q, SrmServer b, E2eSite site,
                                 Socket refusing, PostgresCluster postgres, Path logs) throws Exception {
        try {
            if (haproxy != null) {
                haproxy.close();
            }
            if (q != null && q.alive()) {
                q.close();
            }
            if (b != null) {
                b.close();
            }
            if (site != null) {
                site.close();
            }
        } finally {
            if (refusing != null) {
                refusing.close();
            }
            postgres.close();
            E2eSite.deleteTree(logs);
        }
    }
}

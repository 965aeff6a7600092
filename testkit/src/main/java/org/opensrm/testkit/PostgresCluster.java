package org.opensrm.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL (Debian's binaries) for one test run: {@code initdb} in a temporary directory, {@code pg_ctl}
 * on a free port on 127.0.0.1 (Unix socket in the same directory), trust authentication for the superuser
 * {@value #USER}. When the test runs as root the cluster runs as the unprivileged account {@code nobody}
 * (PostgreSQL refuses root). Binaries: {@code $PG_BIN}, else the newest {@code /usr/lib/postgresql/N/bin}.
 *
 * <pre>{@code
 * try (PostgresCluster pg = PostgresCluster.create()) {
 *     String url = pg.createDatabase("t1");   // jdbc:postgresql://127.0.0.1:PORT/t1
 *     pg.stop(); pg.start();                   // the same cluster down and up again
 *     try (PostgresCluster standby = pg.streamingStandby()) {   // pg_basebackup -R, streaming from pg
 *         pg.requireSynchronousStandby();                        // commits wait for the standby
 *         String ha = PostgresCluster.primaryUrl("t1", pg, standby);
 *         pg.crash(); standby.promote();                         // failover
 *     }
 * }
 * }</pre>
 */
public final class PostgresCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresCluster.class);
    /** The superuser tests connect as (no password: trust on loopback). */
    public static final String USER = "srm";
    private static final String RUN_AS = "nobody";
    private static final long STEP_TIMEOUT_S = 60;

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asRoot;

    private PostgresCluster(Path bin, Path dir, int port, boolean asRoot) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asRoot = asRoot;
    }

    /** Initialises a new cluster and starts it. */
    public static PostgresCluster create() throws IOException {
        Path bin = binaries();
        boolean asRoot = "root".equals(System.getProperty("user.name"));
        PostgresCluster pg = new PostgresCluster(bin, newDirectory(asRoot), freePort(), asRoot);
        try {
            pg.run(List.of(bin.resolve("initdb").toString(), "-D", pg.data().toString(), "-U", USER,
                    "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"));
            pg.start();
            return pg;
        } catch (IOException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    /** Starts the (stopped) cluster on its port and waits until it accepts connections. */
    public void start() throws IOException {
        String options = "-c listen_addresses=127.0.0.1 -p " + port + " -k " + dir;
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-l", dir.resolve("log").toString(),
                "-w", "-t", String.valueOf(STEP_TIMEOUT_S), "-o", options, "start"));
        LOG.info("PostgreSQL up on 127.0.0.1:{} in {}", port, dir);
    }

    /** Stops the cluster (fast shutdown: sessions are disconnected at once). */
    public void stop() throws IOException {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-m", "fast", "-w", "stop"));
    }

    /** Creates a database and returns its JDBC URL. */
    public String createDatabase(String name) throws IOException {
        run(List.of(bin.resolve("createdb").toString(), "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", USER,
                name));
        return jdbcUrl(name);
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public int port() {
        return port;
    }

    /** The server's log so far (for failure messages). */
    public String log() {
        try {
            return Files.readString(dir.resolve("log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * A streaming standby of this (running) cluster: {@code pg_basebackup -R} into a new directory, started on a
     * port of its own, read-only (hot standby) until {@link #promote}d. The caller closes it.
     */
    public PostgresCluster streamingStandby() throws IOException {
        PostgresCluster standby = new PostgresCluster(bin, newDirectory(asRoot), freePort(), asRoot);
        try {
            standby.run(List.of(bin.resolve("pg_basebackup").toString(), "-h", "127.0.0.1", "-p",
                    String.valueOf(port), "-U", USER, "-D", standby.data().toString(), "-R", "-X", "stream",
                    "-c", "fast", "--no-sync"));
            standby.start();
            return standby;
        } catch (IOException | RuntimeException e) {
            standby.close();
            throw e;
        }
    }

    /** Promotes this standby to a primary ({@code pg_ctl promote}) and waits until it accepts writes. */
    public void promote() throws IOException {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-w", "-t",
                String.valueOf(STEP_TIMEOUT_S), "promote"));
        LOG.info("PostgreSQL on 127.0.0.1:{} promoted to primary", port);
    }

    /** Stops the cluster as a crash would (immediate shutdown: no checkpoint, sessions cut). */
    public void crash() throws IOException {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-m", "immediate", "-w", "stop"));
    }

    /**
     * Kills the server as {@code kill -9} would: SIGKILL to the postmaster and every process it started, at once
     * (nothing is written or flushed on the way out), and waits until they are gone. {@link #start} starts it
     * again, recovering from its WAL on disk.
     */
    public void kill() throws IOException {
        String pid = Files.readAllLines(data().resolve("postmaster.pid"), StandardCharsets.US_ASCII).get(0).strip();
        ProcessHandle postmaster = ProcessHandle.of(Long.parseLong(pid))
                .orElseThrow(() -> new IOException("PostgreSQL's postmaster " + pid + " is not running"));
        List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
        all.add(0, postmaster);
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(STEP_TIMEOUT_S, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IOException("PostgreSQL's process " + p.pid() + " did not die", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
        LOG.info("PostgreSQL on 127.0.0.1:{} killed (SIGKILL to {} processes)", port, all.size());
    }

    /**
     * Stops the server's WAL writer (SIGSTOP) for good: what is committed without waiting for the flush
     * ({@code synchronous_commit} off) then stays in the server's memory until a durable commit flushes it, and
     * {@link #kill} loses it. The server writes data pages only at checkpoints then ({@code bgwriter_lru_maxpages}
     * 0, no autovacuum), since writing one would flush the WAL before it. Kill the server afterwards.
     */
    public void pauseWalWriter() throws IOException {
        sql("postgres", "ALTER SYSTEM SET bgwriter_lru_maxpages = 0");
        sql("postgres", "ALTER SYSTEM SET autovacuum = off");
        sql("postgres", "SELECT pg_reload_conf()");
        String pid = sql("postgres", "SELECT pid FROM pg_stat_activity WHERE backend_type = 'walwriter'").strip();
        run(List.of("kill", "-STOP", pid));
    }

    /** Runs one SQL statement as the superuser in {@code database} ({@code psql -c}) and returns its rows. */
    public String sql(String database, String statement) throws IOException {
        return run(List.of(bin.resolve("psql").toString(), "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", USER,
                "-d", database, "-X", "-A", "-t", "-c", statement));
    }

    /**
     * Makes every commit on this primary wait until a standby has it on disk ({@code synchronous_standby_names
     * = '*'}, reloaded): what was acknowledged survives a promotion of that standby.
     */
    public void requireSynchronousStandby() throws IOException {
        sql("postgres", "ALTER SYSTEM SET synchronous_standby_names = '*'");
        sql("postgres", "SELECT pg_reload_conf()");
    }

    /**
     * The JDBC URL of {@code database} on these clusters in this order, for the primary whichever it is
     * ({@code targetServerType=primary}; the hosts' roles rechecked every second).
     */
    public static String primaryUrl(String database, PostgresCluster... clusters) {
        StringBuilder hosts = new StringBuilder();
        for (PostgresCluster c : clusters) {
            hosts.append(hosts.length() == 0 ? "" : ",").append("127.0.0.1:").append(c.port);
        }
        return "jdbc:postgresql://" + hosts + "/" + database + "?targetServerType=primary&hostRecheckSeconds=1";
    }

    /** Stops the cluster if it runs and deletes its directory. */
    @Override
    public void close() {
        if (Files.exists(data().resolve("postmaster.pid"))) {
            try {
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-m", "immediate", "-w",
                        "stop"));
            } catch (IOException e) {
                LOG.warn("PostgreSQL in {} did not stop: {}", dir, e.getMessage());
            }
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path newDirectory(boolean asRoot) throws IOException {
        Path dir = Files.createTempDirectory("opensrm-pg-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        if (asRoot) {
            UserPrincipal nobody = FileSystems.getDefault().getUserPrincipalLookupService()
                    .lookupPrincipalByName(RUN_AS);
            Files.setOwner(dir, nobody);
        }
        return dir;
    }

    private Path data() {
        return dir.resolve("data");
    }

    /** Runs {@code command} (as {@value #RUN_AS} under root) and returns its output; fails unless it exits 0. */
    private String run(List<String> command) throws IOException {
        List<String> full = new ArrayList<>();
        if (asRoot) {
            full.addAll(List.of("runuser", "-u", RUN_AS, "--"));
        }
        full.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(full).redirectErrorStream(true).directory(dir.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(STEP_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(command.get(0) + " did not finish in " + STEP_TIMEOUT_S + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): "
                    + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    private static Path binaries() throws IOException {
        String env = System.getenv("PG_BIN");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path root = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                var newest = versions.filter(v -> Files.isExecutable(v.resolve("bin/pg_ctl")))
                        .max(Comparator.comparingInt(v -> versionOf(v.getFileName().toString())));
                if (newest.isPresent()) {
                    return newest.get().resolve("bin");
                }
            }
        }
        throw new IOException("no PostgreSQL server binaries (install the Debian package postgresql, "
                + "or set PG_BIN)");
    }

    private static int versionOf(String name) {
        try {
            return Integer.parseInt(name);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

package org.opensrm.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensrm.testkit.internal.Lifeline;
import org.opensrm.testkit.internal.ProcessTree;
import org.opensrm.testkit.internal.PublicTrustDir;
import org.opensrm.testkit.internal.ServerStartup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real {@code globus-gridftp-server} in the foreground (daemon mode, not detached: it forks one child per
 * connection, which setuids to the mapped account when the test runs as root), on a port the server picks itself
 * (announced on its stdout, so there is no race for a free port), listening on 127.0.0.1 only.
 *
 * <pre>{@code
 * try (GridFtpServerProcess gridftp = GridFtpServerProcess.start(GridFtpServerConfig.builder()
 *         .workDir(dir).hostCredential(host).trustDir(pki.trustDir())
 *         .map(alice.opensslDn(), "srmuser1").build())) {
 *     String url = gridftp.url("/tmp/x");  // gsiftp://localhost:PORT/tmp/x
 * }
 * }</pre>
 */
public final class GridFtpServerProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GridFtpServerProcess.class);

    private final GridFtpServerConfig config;
    private final PublicTrustDir trust;
    private final Process process;
    /** Ends the server and its sessions if this JVM ends without {@link #close()} (issue 22, point 17). */
    private final Lifeline lifeline;
    private final int port;
    private final String banner;

    private GridFtpServerProcess(GridFtpServerConfig config, PublicTrustDir trust, Process process, Lifeline lifeline,
                                 int port, String banner) {
        this.config = config;
        this.trust = trust;
        this.process = process;
        this.lifeline = lifeline;
        this.port = port;
        this.banner = banner;
    }

    /**
     * Writes the host credential and grid-mapfile into the work directory, starts the server and returns once it
     * serves its {@code 220} banner.
     *
     * @throws IOException when the server cannot be started or does not come up within the start timeout (the
     *                     message carries its stderr and log)
     */
    public static GridFtpServerProcess start(GridFtpServerConfig config) throws IOException {
        Path work = Files.createDirectories(config.workDir());
        if (config.hostCredential() != null) {
            config.hostCredential().writeCertAndKey(config.hostCert(), config.hostKey());
        }
        if (!config.gridMap().isEmpty()) {
            writeGridMap(config.gridMapFile(), config.gridMap());
        }
        Path conf = work.resolve("gridftp.conf");
        Files.writeString(conf, "# empty: keeps /etc/gridftp.conf from being read\n");
        Files.deleteIfExists(work.resolve("gridftp.log"));

        if (!"root".equals(System.getProperty("user.name"))) {
            LOG.warn("not running as root: GridFTP sessions will not setuid to the mapped accounts");
        }
        PublicTrustDir trust = PublicTrustDir.copyOf(config.trustDir());
        ProcessBuilder pb = new ProcessBuilder(command(config, conf, work.resolve("gridftp.log")));
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("X509_") || k.startsWith("GLOBUS_") || k.equals("GRIDMAP"));
        env.put("X509_USER_CERT", config.hostCert().toString());
        env.put("X509_USER_KEY", config.hostKey().toString());
        env.put("X509_CERT_DIR", trust.path().toString());
        env.put("GRIDMAP", config.gridMapFile().toString());
        env.putAll(config.environment());
        pb.directory(work.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(work.resolve("stdout.txt").toFile());
        pb.redirectError(work.resolve("stderr.txt").toFile());
        Process process;
        Lifeline lifeline;
        try {
            process = pb.start();
        } catch (IOException e) {
            trust.close();
            throw e;
        }
        try {
            lifeline = Lifeline.of(process.toHandle());
        } catch (IOException e) {
            ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(2));
            trust.close();
            throw e;
        }
        try {
            long deadline = System.nanoTime() + config.startTimeout().toNanos();
            int port = ServerStartup.awaitPort(process, work.resolve("stdout.txt"), deadline);
            String banner = ServerStartup.awaitBanner(process, port, deadline);
            LOG.info("globus-gridftp-server pid {} serving gsiftp://localhost:{} ({}), log {}", process.pid(), port,
                    banner, work.resolve("gridftp.log"));
            return new GridFtpServerProcess(config, trust, process, lifeline, port, banner);
        } catch (IOException | RuntimeException e) {
            lifeline.close();
            ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(2));
            trust.close();
            throw new IOException(e.getMessage() + ServerStartup.diagnostics(work), e);
        }
    }

    private static List<String> command(GridFtpServerConfig config, Path conf, Path log) {
        List<String> cmd = new ArrayList<>(List.of(config.executable().toString(),
                "-c", conf.toString(),
                "-control-interface", "127.0.0.1",
                "-data-interface", "127.0.0.1",
                "-log-level", config.logLevel(),
                "-log-module", "stdio:buffer=0",
                "-logfile", log.toString()));
        cmd.addAll(config.extraArgs());
        return cmd;
    }

    private static void writeGridMap(Path file, Map<String, List<String>> entries) throws IOException {
        StringBuilder sb = new StringBuilder("# written by the OpenSRM test kit\n");
        entries.forEach((dn, accounts) -> sb.append('"')
                .append(dn.replace("\\", "\\\\").replace("\"", "\\\""))
                .append("\" ").append(String.join(",", accounts)).append('\n'));
        Files.writeString(file, sb.toString());
    }

    /** The control-channel port on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** {@code gsiftp://localhost:PORT} (matches a host certificate for {@code localhost}). */
    public String node() {
        return "gsiftp://localhost:" + port;
    }

    /** {@code gsiftp://localhost:PORT/absolute/path}. */
    public String url(String absolutePath) {
        return node() + (absolutePath.startsWith("/") ? "" : "/") + absolutePath;
    }

    /** The first line the server greeted with, e.g. {@code 220 vm GridFTP Server 13.24 ... ready.} */
    public String banner() {
        return banner;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public GridFtpServerConfig config() {
        return config;
    }

    /** The server log (one file for the daemon and all its session children, written unbuffered). */
    public Path logFile() {
        return config.workDir().resolve("gridftp.log");
    }

    /** The current content of {@link #logFile()}. */
    public String log() throws IOException {
        return Files.exists(logFile()) ? Files.readString(logFile(), StandardCharsets.UTF_8) : "";
    }

    /**
     * The world-readable copy of the configured trust directory the server uses as {@code X509_CERT_DIR}: session
     * processes re-read it after they setuid to the mapped account (data-channel authentication), so a private
     * directory (JUnit's {@code @TempDir} is mode 0700) would fail with "Could not find a valid trusted CA
     * certificates directory". Removed on {@link #close()}.
     */
    public Path trustDir() {
        return trust.path();
    }

    /** Copies the configured trust directory again, e.g. after {@code DevPki.revoke} rewrote the CRL. */
    public void refreshTrustDir() throws IOException {
        trust.refresh();
    }

    /**
     * SIGKILL to the daemon and every session process it forked, at once (a door host that crashed: transfers in
     * progress are cut, the port refuses connections); returns once none of them runs. {@link #close()} still
     * cleans up after it.
     */
    public void kill() {
        List<ProcessHandle> all = ProcessTree.snapshot(process.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (all.stream().anyMatch(ProcessTree::isRunning)) { // a zombie awaiting its reaper counts as ended
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("a process of " + this + " outlived SIGKILL");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
        LOG.info("globus-gridftp-server pid {} on port {} killed with its {} session(s)", process.pid(), port,
                all.size() - 1);
    }

    /** Kills the daemon and every session process it forked; waits until they are gone. */
    @Override
    public void close() {
        lifeline.close();
        ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(3));
        trust.close();
        LOG.info("globus-gridftp-server pid {} on port {} stopped", process.pid(), port);
    }

    @Override
    public String toString() {
        return "GridFtpServerProcess[" + node() + ", pid " + process.pid() + "]";
    }
}

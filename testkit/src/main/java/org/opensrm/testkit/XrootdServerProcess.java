package org.opensrm.testkit;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.opensrm.testkit.internal.ProcessTree;
import org.opensrm.testkit.internal.PublicTrustDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real {@code xrootd} serving one POSIX directory (exported under its own path, as a GridFTP door serves it) over {@code root://} (GSI: the client's proxy, mapped by the
 * door's grid-mapfile; no other protocol) and {@code https://} (XrdHttp with the host credential and CA directory,
 * HTTP-TPC loaded) on one port the server picks itself ({@code xrd.port any}, XrdHttp sharing it), announced in its
 * log. Nothing is allowed without a macaroon of this door ({@code macaroons.onmissing deny}, an empty authorization
 * database behind it): a macaroon minted with {@link #macaroonSecret()} for location {@link #siteName()} is what
 * grants a path, an activity and a lifetime.
 *
 * <p>XRootD refuses to run as root: started by root it runs as {@link XrootdServerConfig#account()} with the one
 * capability {@code CAP_DAC_OVERRIDE} (through {@code setpriv}), so that it writes uploads into the accounts' own
 * staging directories (mode 0700) as a site's door must; what it may touch is what a macaroon grants. Its own files (configuration, host key, secret, admin directory, log) are in a
 * directory of its own under {@code /tmp}; the log is copied into the work directory when the server stops, so that
 * it is kept with the test's files.
 *
 * <pre>{@code
 * try (XrootdServerProcess door = XrootdServerProcess.start(grid.xrootdServer("a", dataRoot)
 *         .map(alice.dn(), "srmuser1").build())) {
 *     String url = door.rootUrl("/f") + "?authz=" + macaroon;   // root://localhost:PORT//f?authz=...
 * }
 * }</pre>
 */
public final class XrootdServerProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(XrootdServerProcess.class);
    private static final Pattern READY = Pattern.compile("------ xrootd \\S+:(\\d+) initialization completed");
    private static final Pattern FAILED = Pattern.compile("------ xrootd \\S+ initialization failed");

    private final XrootdServerConfig config;
    private final Path runtime;
    private final PublicTrustDir trust;
    private final Process process;
    private final int port;

    private XrootdServerProcess(XrootdServerConfig config, Path runtime, PublicTrustDir trust, Process process,
                                int port) {
        this.config = config;
        this.runtime = runtime;
        this.trust = trust;
        this.process = process;
        this.port = port;
    }

    /**
     * Writes the configuration and credentials, starts the server and returns once it announced its port and
     * accepts connections on it.
     *
     * @throws IOException when it cannot start or is not up within the start timeout (the message carries its
     *                     output and log)
     */
    public static XrootdServerProcess start(XrootdServerConfig config) throws IOException {
        try {
            return startOnce(config);
        } catch (CrashedAtStart e) {
            // seen once in CI (exit 139, nothing logged): the binary's own crash, not a refusal of the configuration
            LOG.warn("xrootd crashed before it was ready ({}); starting it once more", e.getMessage());
            return startOnce(config);
        }
    }

    /** xrootd killed by a signal before it logged its port: a crash of the binary, started again once. */
    private static final class CrashedAtStart extends IOException {
        private static final long serialVersionUID = 1L;

        CrashedAtStart(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static XrootdServerProcess startOnce(XrootdServerConfig config) throws IOException {
        Files.createDirectories(config.workDir());
        boolean root = "root".equals(System.getProperty("user.name"));
        Path runtime = Files.createTempDirectory(Path.of("/tmp"), "opensrm-xrootd-");
        PublicTrustDir trust = PublicTrustDir.copyOf(config.trustDir());
        try {
            Files.createDirectories(runtime.resolve("admin"));
            config.hostCredential().writeCertAndKey(runtime.resolve("hostcert.pem"), runtime.resolve("hostkey.pem"));
            if (!config.macaroonSecretGiven()) {
                writeSecret(config.macaroonSecret());
            }
            Files.copy(config.macaroonSecret(), runtime.resolve("macaroon-secret"), StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(runtime.resolve("macaroon-secret"), PosixFilePermissions.fromString("rw-------"));
            Files.writeString(runtime.resolve("grid-mapfile"), gridMap(config));
            Files.writeString(runtime.resolve("authdb"), "# no rule: only a macaroon of this door grants access\n");
            Files.writeString(runtime.resolve("xrootd.cfg"), configuration(config, runtime, trust.path()));
            if (root) {
                giveTo(runtime, config.account());
            }
        } catch (IOException | RuntimeException e) {
            trust.close();
            removeTree(runtime);
            throw e;
        }
        ProcessBuilder pb = new ProcessBuilder(command(config, runtime, root));
        pb.environment().keySet().removeIf(k -> k.startsWith("X509_") || k.startsWith("XRD"));
        pb.directory(runtime.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(config.workDir().resolve("xrootd-stdout.txt").toFile());
        pb.redirectError(config.workDir().resolve("xrootd-stderr.txt").toFile());
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            trust.close();
            removeTree(runtime);
            throw e;
        }
        try {
            long deadline = System.nanoTime() + config.startTimeout().toNanos();
            int port = awaitPort(process, runtime.resolve("xrootd.log"), deadline);
            awaitConnection(process, port, deadline);
            LOG.info("xrootd pid {} serving root://localhost:{} and https://localhost:{} from {}, log {}",
                    process.pid(), port, port, config.dataRoot(), runtime.resolve("xrootd.log"));
            return new XrootdServerProcess(config, runtime, trust, process, port);
        } catch (IOException | RuntimeException e) {
            ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(2));
            String diagnostics = diagnostics(config, runtime);
            keepLog(config, runtime);
            trust.close();
            removeTree(runtime);
            if (!process.isAlive() && process.exitValue() > 128
                    && String.valueOf(e.getMessage()).contains("before it was ready")) {
                throw new CrashedAtStart(e.getMessage() + diagnostics, e);
            }
            throw new IOException(e.getMessage() + diagnostics, e);
        }
    }

    private static List<String> command(XrootdServerConfig config, Path runtime, boolean root) {
        List<String> cmd = new java.util.ArrayList<>();
        if (root) {
            // as the door account, keeping CAP_DAC_OVERRIDE: it writes uploads into the accounts' own (0700)
            // staging directories, where only what a macaroon grants reaches it
            cmd.addAll(List.of("setpriv", "--reuid=" + config.account(), "--regid=" + config.account(),
                    "--init-groups", "--inh-caps=+dac_override", "--ambient-caps=+dac_override", "--"));
        }
        cmd.addAll(List.of(config.executable().toString(),
                "-c", runtime.resolve("xrootd.cfg").toString(),
                "-l", runtime.resolve("xrootd.log").toString()));
        return cmd;
    }

    /** The configuration file; every directive is described in XRootD's reference for 5.5. */
    static String configuration(XrootdServerConfig config, Path runtime, Path trustDir) {
        String cert = runtime.resolve("hostcert.pem").toString();
        String key = runtime.resolve("hostkey.pem").toString();
        String gridMap = runtime.resolve("grid-mapfile").toString();
        StringBuilder sb = new StringBuilder("# written by the OpenSRM test kit\n");
        // the data root under its own name, so that a door path is the file system path, as a GridFTP door's is
        sb.append("all.export ").append(config.dataRoot()).append("/\n");
        sb.append("all.adminpath ").append(runtime.resolve("admin")).append('\n');
        sb.append("all.pidpath ").append(runtime.resolve("admin")).append('\n');
        sb.append("all.sitename ").append(config.siteName()).append('\n');
        sb.append("xrd.port any\n");
        sb.append("xrd.network nodnr\n");
        sb.append("xrootd.chksum adler32\n");
        // root://: GSI only, the client's certificate (or proxy) mapped to an account by the grid-mapfile
        sb.append("xrootd.seclib libXrdSec.so\n");
        sb.append("sec.protocol gsi -certdir:").append(trustDir).append(" -cert:").append(cert)
                .append(" -key:").append(key).append(" -gridmap:").append(gridMap)
                .append(" -gmapopt:2 -crl:1 -vomsat:0\n");
        sb.append("sec.protbind * only gsi\n");
        // https:// on the same port
        sb.append("xrd.protocol XrdHttp:any libXrdHttp.so\n");
        sb.append("http.cert ").append(cert).append('\n');
        sb.append("http.key ").append(key).append('\n');
        sb.append("http.cadir ").append(trustDir).append('\n');
        sb.append("http.gridmap ").append(gridMap).append('\n');
        if (config.httpTpc()) {
            sb.append("http.exthandler xrdtpc libXrdHttpTPC.so\n");
        }
        // authorisation: a macaroon of this door, or nothing
        sb.append("http.exthandler xrdmacaroons libXrdMacaroons.so\n");
        sb.append("ofs.authorize 1\n");
        sb.append("ofs.authlib libXrdMacaroons.so\n");
        sb.append("acc.authdb ").append(runtime.resolve("authdb")).append('\n');
        sb.append("macaroons.secretkey ").append(runtime.resolve("macaroon-secret")).append('\n');
        sb.append("macaroons.onmissing deny\n");
        config.extraDirectives().forEach(line -> sb.append(line).append('\n'));
        return sb.toString();
    }

    private static String gridMap(XrootdServerConfig config) {
        StringBuilder sb = new StringBuilder("# written by the OpenSRM test kit\n");
        config.gridMap().forEach((dn, account) -> sb.append('"')
                .append(dn.replace("\\", "\\\\").replace("\"", "\\\"")).append("\" ").append(account).append('\n'));
        return sb.toString();
    }

    private static void writeSecret(Path file) throws IOException {
        byte[] secret = new byte[64];
        new SecureRandom().nextBytes(secret);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, Base64.getEncoder().encodeToString(secret) + "\n", StandardCharsets.US_ASCII);
    }

    private static void giveTo(Path dir, String account) throws IOException {
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        var owner = users.lookupPrincipalByName(account);
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Files.setOwner(p, owner);
            }
        }
    }

    private static int awaitPort(Process process, Path log, long deadline) throws IOException {
        while (true) {
            if (Files.exists(log)) {
                String text = Files.readString(log, StandardCharsets.UTF_8);
                Matcher m = READY.matcher(text);
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
                if (FAILED.matcher(text).find()) {
                    throw new IOException("xrootd initialization failed");
                }
            }
            if (!process.isAlive()) {
                throw new IOException("xrootd exited with " + process.exitValue() + " before it was ready");
            }
            pause(deadline, "xrootd did not announce its port");
        }
    }

    private static void awaitConnection(Process process, int port, long deadline) throws IOException {
        while (process.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException e) {
                pause(deadline, "xrootd does not accept connections on port " + port + " (" + e + ")");
            }
        }
        throw new IOException("xrootd exited with " + process.exitValue() + " before it accepted a connection");
    }

    private static void pause(long deadline, String timeoutMessage) throws IOException {
        if (System.nanoTime() > deadline) {
            throw new IOException(timeoutMessage);
        }
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting xrootd", e);
        }
    }

    private static String diagnostics(XrootdServerConfig config, Path runtime) {
        StringBuilder sb = new StringBuilder();
        for (Path f : List.of(config.workDir().resolve("xrootd-stderr.txt"),
                config.workDir().resolve("xrootd-stdout.txt"), runtime.resolve("xrootd.log"))) {
            try {
                if (Files.exists(f)) {
                    sb.append("\n--- ").append(f.getFileName()).append(" ---\n").append(Files.readString(f));
                }
            } catch (IOException ignored) {
                sb.append("\n(").append(f.getFileName()).append(" unreadable)");
            }
        }
        return sb.toString();
    }

    private static void keepLog(XrootdServerConfig config, Path runtime) {
        try {
            Path log = runtime.resolve("xrootd.log");
            if (Files.exists(log)) {
                Files.copy(log, config.workDir().resolve("xrootd.log"), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warn("cannot keep the xrootd log {}: {}", runtime.resolve("xrootd.log"), e.toString());
        }
    }

    private static void removeTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort: a leftover runtime directory in /tmp holds no secret after the test's CA expires
        }
    }

    /** The one port of {@code root://} and {@code https://}. */
    public int port() {
        return port;
    }

    /** {@code root://localhost:PORT//absolute/path} (XRootD's double slash before an absolute path). */
    public String rootUrl(String absolutePath) {
        return "root://localhost:" + port + "/" + (absolutePath.startsWith("/") ? "" : "/") + absolutePath;
    }

    /** {@code https://localhost:PORT/absolute/path}. */
    public String httpsUrl(String absolutePath) {
        return "https://localhost:" + port + (absolutePath.startsWith("/") ? "" : "/") + absolutePath;
    }

    /** The base64 secret file the door verifies macaroons with. */
    public Path macaroonSecret() {
        return config.macaroonSecret();
    }

    /** The location a macaroon must name ({@code all.sitename}). */
    public String siteName() {
        return config.siteName();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public XrootdServerConfig config() {
        return config;
    }

    /** The server's log while it runs (copied to the work directory as {@code xrootd.log} when it stops). */
    public Path logFile() {
        return runtime.resolve("xrootd.log");
    }

    /** The current content of the log. */
    public String log() throws IOException {
        Path log = Files.exists(logFile()) ? logFile() : config.workDir().resolve("xrootd.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** Stops the server and anything it started, keeps its log in the work directory, removes its own files. */
    @Override
    public void close() {
        ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(3));
        keepLog(config, runtime);
        trust.close();
        removeTree(runtime);
        LOG.info("xrootd pid {} on port {} stopped, log kept in {}", process.pid(), port,
                config.workDir().resolve("xrootd.log"));
    }

    @Override
    public String toString() {
        return "XrootdServerProcess[localhost:" + port + ", pid " + process.pid() + "]";
    }
}

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.GsoapEnvelope;
import org.opensrm.testkit.TestGrid;
import org.opensrm.transport.internal.TrustFactory;

import eu.emi.security.authn.x509.impl.OpensslCertChainValidator;

/**
 * Not a test: where the CPU of one new httpg connection goes (issue 21 point 6), on both sides. The real server
 * ({@link SrmServer}, gateway mode, no VOMS directory, as {@code --dev}) and one client thread in this JVM; the
 * client opens a connection as the load tester does (the client module's {@link HttpgClient}, proxy and CA
 * directory read once, host name verified, a full handshake: no resumption, as gfal2), sends one srmPing on it
 * and closes it, one connection after another. Measured: the server's threads' CPU (every thread but the client's)
 * and the client thread's CPU per connection (ThreadMXBean), then a Flight Recording of the same loop split by
 * side and by what the stacks were doing, and canl's validation of the client's chain timed on its own. Launched
 * by {@code benchmarks/run-handshake-cost}.
 */
public final class HandshakeCost {
    /** srmPing as the load tester sends it (gfal2's shape). */
    private static final byte[] PING = GsoapEnvelope.of("srmPing", "<srmPingRequest></srmPingRequest>");

    /** What a stack was doing, first match wins (in this order), by a frame anywhere in the stack. */
    private static final String[][] CATEGORIES = {
        {"canl chain validation", "eu.emi.security.authn.x509."},
        {"VOMS", "org.italiangrid.voms."},
        {"TLS context set-up", "sun.security.ssl.SSLContextImpl.engineInit", "javax.net.ssl.SSLContext.getInstance",
            "sun.security.ssl.SSLContextImpl.<init>", "org.opensrm.client.internal.TlsContexts.create"},
        {"RSA private key (signature)", "sun.security.rsa.RSACore.crtCrypt", "sun.security.rsa.RSACore.priCrypt"},
        {"RSA public key (verification)", "sun.security.rsa.RSACore.crypt"},
        {"key agreement (x25519)", "sun.security.ec."},
        {"server chain check (PKIX)", "sun.security.validator.", "sun.security.provider.certpath."},
        {"certificate parsing", "sun.security.x509.", "sun.security.util.DerValue", "sun.security.util.DerInputStream",
            "java.security.cert.CertificateFactory"},
        {"random numbers", "sun.security.provider.NativePRNG", "sun.security.provider.DRBG",
            "sun.security.provider.HashDrbg", "java.security.SecureRandom"},
        {"symmetric crypto (AES-GCM, HMAC for HKDF)", "com.sun.crypto.provider."},
        {"digests", "sun.security.provider.SHA", "sun.security.provider.DigestBase"},
        {"JSSE other", "sun.security.ssl."},
        {"Jetty", "org.eclipse.jetty."},
        {"SOAP and server", "org.opensrm.", "com.sun.xml.", "jakarta."},
        {"socket I/O", "sun.nio.ch.", "java.net."},
    };

    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-hscost-");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            TestGrid grid = TestGrid.create(base.resolve("grid"));
            GridUser user = grid.user("Handshake User");
            Path cert = base.resolve("hostcert.pem");
            Path key = base.resolve("hostkey.pem");
            grid.hostCredential().writeCertAndKey(cert, key);
            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path gridmap = base.resolve("grid-mapfile");
            Files.writeString(gridmap, "\"" + user.dn() + "\" srmuser1\n");
            try (ServerSocket door = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
                Thread banner = new Thread(() -> answerProbes(door), "harness-door");
                banner.setDaemon(true);
                banner.start();
                Map<String, String> config = new HashMap<>();
                config.put("srm.host", "127.0.0.1");
                config.put("srm.port", "0");
                config.put("srm.hostcert", cert.toString());
                config.put("srm.hostkey", key.toString());
                config.put("srm.cadir", grid.trustDir().toString());
                config.put("srm.gridmap", gridmap.toString());
                config.put("srm.token.key", "handshake-cost-token-key-0123456789abc");
                config.put("srm.state.dir", Files.createDirectory(base.resolve("state")).toString());
                config.put("backend.root", root.toString());
                config.put("gridftp.nodes", "gsiftp://127.0.0.1:" + door.getLocalPort());
                SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(config)));
                server.start();
                try {
                    HttpgClient client = HttpgClient.trusting(grid.trustDir()).verifyingHostName(true)
                            .withProxyFileRead(user.proxyFile());
                    measure(client, server.port(), warmup, measured, rounds);
                    profile(client, server.port(), measured, base.resolve("handshakes.jfr"));
                    validation(grid.trustDir(), user.proxy().chainArray(), measured);
                } finally {
                    server.close();
                }
            }
        } finally {
            try (java.util.stream.Stream<Path> paths = Files.walk(base)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void measure(HttpgClient client, int port, int warmup, int measured, int rounds)
            throws IOException {
        connections(client, port, warmup);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        System.err.println("| round | connections | server CPU ms a connection | client CPU ms a connection"
                + " | connections/s (one client) |");
        System.err.println("|---|---:|---:|---:|---:|");
        for (int r = 1; r <= rounds; r++) {
            long before = serverCpu(threads, self);
            long clientCpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            connections(client, port, measured);
            double seconds = (System.nanoTime() - start) / 1e9;
            long after = serverCpu(threads, self);
            System.err.printf("| %d | %d | %.2f | %.2f | %.0f |%n", r, measured, (after - before) / 1e6 / measured,
                    (threads.getCurrentThreadCpuTime() - clientCpu) / 1e6 / measured, measured / seconds);
        }
    }

    /** The same loop under a Flight Recording: samples by side and by what the stack was doing. */
    private static void profile(HttpgClient client, int port, int n, Path file) throws Exception {
        Map<String, long[]> counts = new LinkedHashMap<>();
        for (String[] c : CATEGORIES) {
            counts.put(c[0], new long[2]);
        }
        counts.put("other", new long[2]);
        String clientThread = Thread.currentThread().getName();
        try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
            recording.disable("jdk.ExecutionSample");
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(5));
            recording.start();
            connections(client, port, n);
            recording.stop();
            recording.dump(file);
        }
        long[] total = new long[2];
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            String thread = e.getThread("sampledThread").getJavaName();
            if (thread == null || thread.startsWith("JFR")) {
                continue;
            }
            int side = thread.equals(clientThread) ? 1 : 0;
            counts.get(category(e.getStackTrace().getFrames()))[side]++;
            total[side]++;
        }
        System.err.println();
        System.err.printf("Flight Recording of %d connections (5 ms samples; server %d samples, client %d):%n%n", n,
                total[0], total[1]);
        System.err.println("| what the stack was doing | server | client |");
        System.err.println("|---|---:|---:|");
        for (Map.Entry<String, long[]> c : counts.entrySet()) {
            long[] v = c.getValue();
            if (v[0] + v[1] > 0) {
                System.err.printf("| %s | %.1f %% | %.1f %% |%n", c.getKey(), 100.0 * v[0] / Math.max(1, total[0]),
                        100.0 * v[1] / Math.max(1, total[1]));
            }
        }
    }

    private static String category(List<RecordedFrame> frames) {
        for (String[] c : CATEGORIES) {
            for (RecordedFrame f : frames) {
                String name = f.getMethod().getType().getName() + "." + f.getMethod().getName();
                for (int i = 1; i < c.length; i++) {
                    if (name.startsWith(c[i])) {
                        return c[0];
                    }
                }
            }
        }
        return "other";
    }

    /** canl's validation of the client's chain (proxy, user certificate) on its own, as the server's does it. */
    private static void validation(Path trustDir, X509Certificate[] chain, int n) {
        OpensslCertChainValidator validator = TrustFactory.validator(trustDir, Duration.ofMinutes(5));
        try {
            for (int i = 0; i < n; i++) {
                check(validator, chain);
            }
            long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                check(validator, chain);
            }
            System.err.printf("%ncanl validation of the client's chain alone: %.3f ms CPU a chain (%d chains)%n",
                    (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e6 / n, n);
        } finally {
            validator.dispose();
        }
    }

    private static void check(OpensslCertChainValidator validator, X509Certificate[] chain) {
        if (!validator.validate(chain).isValid()) {
            throw new IllegalStateException("the test chain does not validate");
        }
    }

    private static long serverCpu(com.sun.management.ThreadMXBean threads, long self) {
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids);
        long c = 0;
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != self) {
                c += Math.max(0, cpu[i]);
            }
        }
        return c;
    }

    private static void connections(HttpgClient client, int port, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            try (HttpgConnection c = client.keepAlive("localhost", port)) {
                HttpgResponse r = c.post("/srm/managerv2", Map.of("Content-Type", "text/xml; charset=utf-8",
                        "SOAPAction", "\"XPing\""), PING);
                if (r.status() != 200 || !r.bodyText().contains("versionInfo")) {
                    throw new IllegalStateException("srmPing: HTTP " + r.status() + " " + r.bodyText());
                }
            }
        }
    }

    /** A GridFTP door as far as the selector's health probe sees it: a 220 banner, then the connection closed. */
    private static void answerProbes(ServerSocket door) {
        while (!door.isClosed()) {
            try (Socket s = door.accept(); OutputStream out = s.getOutputStream()) {
                out.write("220 harness door ready\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                return;
            }
        }
    }
}

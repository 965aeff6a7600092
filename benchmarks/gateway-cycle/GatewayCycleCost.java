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
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridUser;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.TestGrid;

/**
 * Not a test: what one gateway-mode get cycle (srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles, the load
 * tester's requests) costs the server, in CPU time and bytes allocated by the server's Java threads. The real
 * composition ({@link SrmServer}) in this JVM, one keep-alive httpg connection, one client thread, cycles one after
 * another; the server's threads' CPU clocks and allocation counters (all threads but the client's) are read before
 * and after the measured cycles. Launched by {@code benchmarks/run-gateway-cycle-cost} with a tree's classpath, so
 * that the same source measures two trees.
 */
public final class GatewayCycleCost {
    private static final String ENVELOPE_START = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
            + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\">"
            + "<SOAP-ENV:Body SOAP-ENV:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">";
    private static final String PROTOCOLS = "<transferParameters><arrayOfTransferProtocols>"
            + "<stringArray>gsiftp</stringArray><stringArray>https</stringArray><stringArray>root</stringArray>"
            + "</arrayOfTransferProtocols></transferParameters>";
    private static final String SURL = "srm://localhost/cycles/get.bin";
    private static final Pattern TOKEN = Pattern.compile("<requestToken[^>]*>([^<]+)</requestToken>");
    private static final Pattern STATUS = Pattern.compile("<statusCode[^>]*>([A-Z_]+)</statusCode>");

    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 60_000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 30_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int clients = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-gwcycle-");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            TestGrid grid = TestGrid.create(base.resolve("grid"));
            GridUser user = grid.user("Cycle User");
            Path cert = base.resolve("hostcert.pem");
            Path key = base.resolve("hostkey.pem");
            grid.hostCredential().writeCertAndKey(cert, key);
            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path dir = Files.createDirectory(root.resolve("cycles"));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.write(dir.resolve("get.bin"), new byte[1024]);
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
                config.put("srm.token.key", "gateway-cycle-cost-token-key-0123456789");
                config.put("srm.state.dir", Files.createDirectory(base.resolve("state")).toString());
                config.put("backend.root", root.toString());
                config.put("gridftp.nodes", "gsiftp://127.0.0.1:" + door.getLocalPort());
                SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(config)));
                server.start();
                HttpgClient client = new HttpgClient(user.proxyFile(), grid.trustDir());
                java.util.List<org.opensrm.client.HttpgConnection> conns = new java.util.ArrayList<>();
                try {
                    for (int i = 0; i < clients; i++) {
                        conns.add(client.keepAlive("127.0.0.1", server.port()));
                    }
                    java.util.Set<Long> clientThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
                    clientThreads.add(Thread.currentThread().getId());
                    com.sun.management.ThreadMXBean threads =
                            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
                    inParallel(conns, warmup, clientThreads, threads);
                    System.err.println("| round | clients | cycles | server CPU µs a cycle | server bytes a cycle"
                            + " | client CPU µs a cycle |");
                    System.err.println("|---|---:|---:|---:|---:|---:|");
                    for (int r = 1; r <= rounds; r++) {
                        long[] before = totals(threads, clientThreads);
                        long clientCpu = inParallel(conns, measured, clientThreads, threads);
                        long[] after = totals(threads, clientThreads);
                        System.err.printf("| %d | %d | %d | %.1f | %.0f | %.1f |%n", r, clients, measured,
                                (after[0] - before[0]) / 1000.0 / measured, (after[1] - before[1]) / (double) measured,
                                clientCpu / 1000.0 / measured);
                    }
                } finally {
                    for (org.opensrm.client.HttpgConnection c : conns) {
                        c.close();
                    }
                    server.close();
                }
            }
        } finally {
            try (java.util.stream.Stream<Path> paths = Files.walk(base)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Runs {@code n} cycles in all over the connections, one thread each (their ids added to {@code clientThreads});
     * returns the CPU nanoseconds those threads used.
     */
    private static long inParallel(java.util.List<org.opensrm.client.HttpgConnection> conns, int n,
            java.util.Set<Long> clientThreads, com.sun.management.ThreadMXBean threads) throws Exception {
        if (conns.size() == 1) {
            long before = threads.getCurrentThreadCpuTime();
            cycles(conns.get(0), n);
            return threads.getCurrentThreadCpuTime() - before;
        }
        java.util.concurrent.atomic.AtomicLong cpu = new java.util.concurrent.atomic.AtomicLong();
        java.util.List<Thread> running = new java.util.ArrayList<>();
        java.util.Queue<Throwable> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
        for (int i = 0; i < conns.size(); i++) {
            org.opensrm.client.HttpgConnection c = conns.get(i);
            int share = n / conns.size() + (i < n % conns.size() ? 1 : 0);
            Thread t = new Thread(() -> {
                clientThreads.add(Thread.currentThread().getId());
                long before = threads.getCurrentThreadCpuTime();
                try {
                    cycles(c, share);
                } catch (Throwable e) {
                    failures.add(e);
                }
                cpu.addAndGet(threads.getCurrentThreadCpuTime() - before);
            }, "harness-client-" + i);
            running.add(t);
        }
        running.forEach(Thread::start);
        for (Thread t : running) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a client failed", failures.peek());
        }
        return cpu.get();
    }

    /** CPU nanoseconds and bytes allocated so far by every live thread but the clients'. */
    private static long[] totals(com.sun.management.ThreadMXBean threads, java.util.Set<Long> clientThreads) {
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids);
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long c = 0;
        long b = 0;
        for (int i = 0; i < ids.length; i++) {
            if (!clientThreads.contains(ids[i])) {
                c += Math.max(0, cpu[i]);
                b += Math.max(0, bytes[i]);
            }
        }
        return new long[] {c, b};
    }

    private static void cycles(org.opensrm.client.HttpgConnection c, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            String prepared = call(c, "srmPrepareToGet", "PrepareToGet", "<srmPrepareToGetRequest>"
                    + "<arrayOfFileRequests><requestArray><sourceSURL>" + SURL + "</sourceSURL></requestArray>"
                    + "</arrayOfFileRequests><desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                    + "<desiredTotalRequestTime>3600</desiredTotalRequestTime>" + PROTOCOLS
                    + "</srmPrepareToGetRequest>");
            Matcher m = TOKEN.matcher(prepared);
            if (!m.find()) {
                throw new IllegalStateException("srmPrepareToGet gave no token: " + prepared);
            }
            String token = m.group(1);
            expect(call(c, "srmStatusOfGetRequest", "StatusOfGetRequest", "<srmStatusOfGetRequestRequest>"
                    + "<requestToken>" + token + "</requestToken></srmStatusOfGetRequestRequest>"), "SRM_SUCCESS");
            expect(call(c, "srmReleaseFiles", "ReleaseFiles", "<srmReleaseFilesRequest><requestToken>" + token
                    + "</requestToken><arrayOfSURLs><urlArray>" + SURL + "</urlArray></arrayOfSURLs>"
                    + "</srmReleaseFilesRequest>"), "SRM_SUCCESS");
        }
    }

    private static void expect(String answer, String status) {
        Matcher m = STATUS.matcher(answer);
        if (!m.find() || !m.group(1).equals(status)) {
            throw new IllegalStateException("expected " + status + ": " + answer);
        }
    }

    private static String call(org.opensrm.client.HttpgConnection c, String operation, String action, String part)
            throws IOException {
        byte[] body = (ENVELOPE_START + "<srm2:" + operation + ">" + part + "</srm2:" + operation + ">"
                + "</SOAP-ENV:Body></SOAP-ENV:Envelope>").getBytes(StandardCharsets.UTF_8);
        HttpgResponse r = c.post("/srm/managerv2", Map.of("Content-Type", "text/xml; charset=utf-8",
                "SOAPAction", "\"srm2:" + action + "\""), body);
        if (r.status() != 200) {
            throw new IllegalStateException(operation + ": HTTP " + r.status() + " " + r.bodyText());
        }
        return r.bodyText();
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

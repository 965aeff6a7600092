package org.opensrm.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.opensrm.backend.hdfs.NameNodeRpcCounter;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.hdfs.DevHdfsCluster;
import org.opensrm.backend.hdfs.HdfsBackends;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.GsoapEnvelope;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.client.HttpgClient;
import org.opensrm.testkit.TestGrid;

/**
 * How long a directory listing takes, and how many NameNode calls it costs, by directory size and backend.
 *
 * <p>Directories of (by default) 10, 100, 1,000 and 10,000 files are made on a POSIX temporary directory and on
 * an embedded single-node HDFS (MiniDFSCluster, this JVM). Three SRM servers run in this JVM on loopback: POSIX,
 * HDFS with {@code backend.hdfs.list.checksums=false}, HDFS with {@code true}; all with {@code ls.max.entries}
 * above the largest directory. Each listing is one srmLs ({@code numOfLevels=1}, {@code fullDetailedList=true},
 * no offset/count) sent over one kept-alive httpg connection ({@link HttpgClient#keepAlive}), head and body
 * in one write; the time reported is the round trip the client
 * measures (request written to last byte of the answer read), which on loopback is the server's time plus the
 * transfer of the answer. NameNode calls are the NameNode's own RPC counters over the timed listings, divided by
 * their number. Every answer of the warm-up is checked (status, number of entries, checksums present or not).
 *
 * <p>The files are empty (listing cost does not depend on file size); their adler32 is stored beforehand by each
 * backend, as srmPutDone would have done, so listings with checksums find one for every file. (The POSIX backend
 * always lists stored checksums; HDFS only with {@code list.checksums=true}.)
 *
 * <p>Options: {@code --sizes 10,100,1000,10000}, {@code --runs 30}, {@code --warmup 5},
 * {@code --csv listing-benchmark.csv}, {@code --account srmuser1} (an existing non-root local account the test DN
 * is mapped to). Results: a Markdown table on stdout, the same rows in the CSV file. Logs go to stderr.
 */
public final class ListingBenchmark {
    private static final String SRM_PATH = "/srm/managerv2";

    private ListingBenchmark() {
    }

    /** One measured configuration. */
    record Row(String backend, String listChecksums, int entries, int runs, double medianMs, double p90Ms,
               double minMs, long answerBytes, String nameNodeCalls, String callsByMethod) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = options(args);
        List<Integer> sizes = Arrays.stream(opts.getOrDefault("sizes", "10,100,1000,10000").split(","))
                .map(String::strip).map(Integer::parseInt).toList();
        int runs = Integer.parseInt(opts.getOrDefault("runs", "30"));
        int warmup = Integer.parseInt(opts.getOrDefault("warmup", "5"));
        Path csv = Path.of(opts.getOrDefault("csv", "listing-benchmark.csv"));
        String accountName = opts.getOrDefault("account", "srmuser1");
        int largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(10);

        Path work = Files.createTempDirectory(Path.of("/tmp"), "opensrm-bench-");
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<AutoCloseable> open = new ArrayList<>();
        try {
            Account account = account(accountName);
            TestGrid grid = TestGrid.create(work.resolve("grid"));
            GridUser user = grid.user("Benchmark");
            Path etc = Files.createDirectory(work.resolve("etc"));
            Path cert = etc.resolve("hostcert.pem");
            Path key = etc.resolve("hostkey.pem");
            grid.hostCredential().writeCertAndKey(cert, key);
            Path gridmap = Files.writeString(etc.resolve("grid-mapfile"), "\"" + user.dn() + "\" " + accountName + "\n");

            info("starting the embedded HDFS");
            DevHdfsCluster cluster = DevHdfsCluster.start(work.resolve("hdfs"), "/srm");
            open.add(cluster);
            Path posixRoot = Files.createDirectory(work.resolve("posix"));
            Files.setPosixFilePermissions(posixRoot, PosixFilePermissions.fromString("rwxr-xr-x"));
            String hdfsRoot = cluster.root() + "/bench";
            populate(sizes, posixRoot, cluster, hdfsRoot, account);

            Map<String, String> common = new HashMap<>(Map.of(
                    "srm.host", "127.0.0.1", "srm.port", "0", "srm.hostcert", cert.toString(),
                    "srm.hostkey", key.toString(), "srm.cadir", grid.trustDir().toString(),
                    "srm.gridmap", gridmap.toString(), "srm.token.key", "benchmark-token-key-0123456789",
                    "ls.max.entries", Integer.toString(Math.max(20_000, largest + 1)), "gridftp.nodes", ""));
            NameNodeRpcCounter nameNode = new NameNodeRpcCounter(cluster.uri().getPort());
            List<Row> rows = new ArrayList<>();
            for (String[] variant : new String[][] {{"posix", "-"}, {"hdfs", "false"}, {"hdfs", "true"}}) {
                Map<String, String> cfg = new HashMap<>(common);
                cfg.put("srm.state.dir", Files.createTempDirectory(work, "state-").toString());
                cfg.put("backend", variant[0]);
                if (variant[0].equals("posix")) {
                    cfg.put("backend.root", posixRoot.toString());
                } else {
                    cfg.put("backend.root", hdfsRoot);
                    cfg.put("backend.hdfs.uri", cluster.uri().toString());
                    cfg.put("backend.hdfs.list.checksums", variant[1]);
                }
                SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(cfg)));
                open.add(server);
                server.start();
                HttpgClient client = new HttpgClient(user.proxyFile(), grid.trustDir())
                        .withTimeoutMillis(120_000);
                try (HttpgConnection c = client.keepAlive("localhost", server.port())) {
                    for (int n : sizes) {
                        info("measuring " + variant[0] + " list.checksums=" + variant[1] + ", " + n + " entries");
                        rows.add(measure(c, server.port(), variant, n, runs, warmup,
                                variant[0].equals("hdfs") ? nameNode : null));
                    }
                }
                server.close();
                open.remove(server);
            }
            String table = markdown(rows, runs);
            System.out.println(table);
            Files.writeString(csv, csv(rows));
            info("CSV written to " + csv.toAbsolutePath());
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                try {
                    open.get(i).close();
                } catch (Exception e) {
                    info("closing: " + e);
                }
            }
            deleteTree(work);
        }
        System.exit(0); // Hadoop leaves non-daemon threads behind
    }

    private static Row measure(HttpgConnection c, int port, String[] variant, int n, int runs, int warmup,
                               NameNodeRpcCounter nameNode) throws Exception {
        String surl = "srm://localhost:" + port + "/d" + n;
        byte[] request = request(port, envelope(surl));
        long answerBytes = 0;
        for (int i = 0; i < Math.max(1, warmup); i++) {
            HttpgResponse r = send(c, request);
            check(r, n, variant);
            answerBytes = r.body().length;
        }
        Map<String, Long> before = nameNode == null ? Map.of() : nameNode.snapshot();
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            HttpgResponse r = send(c, request);
            ms[i] = (System.nanoTime() - t0) / 1e6;
            if (r.status() != 200) {
                throw new IllegalStateException("listing answered " + r.status());
            }
        }
        String calls = "n/a";
        String byMethod = "";
        if (nameNode != null) {
            Map<String, Long> d = NameNodeRpcCounter.delta(before, nameNode.snapshot());
            long total = d.values().stream().mapToLong(Long::longValue).sum();
            calls = number((double) total / runs);
            byMethod = d.entrySet().stream().map(e -> e.getKey() + " " + number((double) e.getValue() / runs))
                    .collect(Collectors.joining(", "));
        }
        Arrays.sort(ms);
        return new Row(variant[0], variant[1], n, runs, percentile(ms, 50), percentile(ms, 90), ms[0], answerBytes,
                calls, byMethod);
    }

    /**
     * The whole request (head and body) in one write, so that no part of it waits for the server's delayed ACK of
     * another (about 40 ms on Linux with Nagle's algorithm), which would be measured as server time.
     */
    private static HttpgResponse send(HttpgConnection c, byte[] request) throws IOException {
        c.sendRaw(request);
        return c.readResponse(false);
    }

    private static byte[] request(int port, byte[] body) {
        byte[] head = ("POST " + SRM_PATH + " HTTP/1.1\r\nHost: localhost:" + port + "\r\n"
                + "Content-Type: text/xml; charset=utf-8\r\nSOAPAction: \"\"\r\n"
                + "Content-Length: " + body.length + "\r\nConnection: keep-alive\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /** The answer must be a success with every entry, carrying a checksum exactly when checksums are listed. */
    private static void check(HttpgResponse r, int n, String[] variant) {
        if (r.status() != 200) {
            throw new IllegalStateException("listing answered HTTP " + r.status() + ": " + r);
        }
        String status = r.text("srmLsResponse/returnStatus/statusCode");
        if (!"SRM_SUCCESS".equals(status)) {
            throw new IllegalStateException("listing answered " + status);
        }
        String sub = "srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray";
        int entries = r.texts(sub + "/path").size();
        List<String> values = r.texts(sub + "/checkSumValue");
        int sums = (int) values.stream().filter(v -> !v.isBlank()).count();
        // POSIX always lists the stored checksums (xattrs read with the directory); HDFS only if configured
        int expectedSums = variant[0].equals("posix") || variant[1].equals("true") ? n : 0;
        if (entries != n || sums != expectedSums) {
            throw new IllegalStateException(variant[0] + " list.checksums=" + variant[1] + ": " + entries
                    + " entries and " + sums + " checksums listed, expected " + n + " and " + expectedSums
                    + "; checksum values seen: " + values.stream().limit(3).toList());
        }
    }

    private static byte[] envelope(String surl) {
        return GsoapEnvelope.of("srmLs", "<srmLsRequest><arrayOfSURLs><urlArray>" + surl + "</urlArray></arrayOfSURLs>"
                + "<fullDetailedList>true</fullDetailedList><numOfLevels>1</numOfLevels></srmLsRequest>");
    }

    /** Directories {@code /d<N>} of N empty files on both backends, their adler32 stored by each backend. */
    private static void populate(List<Integer> sizes, Path posixRoot, DevHdfsCluster cluster, String hdfsRoot,
                                 Account account) throws Exception {
        Configuration conf = new HdfsConfiguration();
        conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
        try (FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
            fs.mkdirs(new org.apache.hadoop.fs.Path(hdfsRoot), new FsPermission((short) 0755));
            fs.setPermission(new org.apache.hadoop.fs.Path(hdfsRoot), new FsPermission((short) 0755));
        }
        try (FileSystem fs = FileSystem.newInstance(cluster.uri(), conf);
             StorageBackend backend = HdfsBackends.open(cluster.backendConfig().root(hdfsRoot).build());
             StorageBackend posix = new PosixBackend(PosixBackendConfig.builder(posixRoot).build())) {
            for (int n : new LinkedHashSet<>(sizes)) {
                info("making directories of " + n + " files");
                Path dir = Files.createDirectory(posixRoot.resolve("d" + n));
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                org.apache.hadoop.fs.Path hdir = new org.apache.hadoop.fs.Path(hdfsRoot + "/d" + n);
                fs.mkdirs(hdir);
                fs.setPermission(hdir, new FsPermission((short) 0755));
                for (int i = 0; i < n; i++) {
                    String name = String.format("f-%06d", i);
                    Files.createFile(dir.resolve(name));
                    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(hdir, name), false)) {
                        // empty
                    }
                    SrmPath path = SrmPath.of("/d" + n + "/" + name);
                    backend.checksum(account, path, "adler32");
                    posix.checksum(account, path, "adler32");
                }
            }
        }
    }

    private static Account account(String name) throws IOException, InterruptedException {
        int uid = Integer.parseInt(id("-u", name));
        int gid = Integer.parseInt(id("-g", name));
        Set<Integer> groups = Arrays.stream(id("-G", name).split("\\s+")).map(Integer::parseInt)
                .collect(Collectors.toSet());
        if (uid == 0) {
            throw new IllegalArgumentException("--account must not be root");
        }
        return new Account(name, uid, gid, groups);
    }

    private static String id(String flag, String name) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("id", flag, name).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        if (p.waitFor() != 0) {
            throw new IllegalArgumentException("no local account " + name + " (" + out + "); pass --account");
        }
        return out;
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, int pct) {
        int rank = (int) Math.ceil(pct / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    static String markdown(List<Row> rows, int runs) {
        StringBuilder b = new StringBuilder();
        b.append("| backend | list.checksums | entries | median ms | p90 ms | min ms | answer KiB"
                + " | NameNode calls / listing | calls by method |\n");
        b.append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %s | %,d | %.1f | %.1f | %.1f | %,d | %s | %s |%n",
                    r.backend(), r.listChecksums(), r.entries(), r.medianMs(), r.p90Ms(), r.minMs(),
                    (r.answerBytes() + 1023) / 1024, r.nameNodeCalls(),
                    r.callsByMethod().isEmpty() ? "-" : r.callsByMethod()));
        }
        b.append("\n").append(runs).append(" timed srmLs (numOfLevels=1, fullDetailedList=true) per row after warm-up,"
                + " one kept-alive httpg connection; times are client-measured round trips on loopback.");
        return b.toString();
    }

    static String csv(List<Row> rows) {
        StringBuilder b = new StringBuilder(
                "backend,list_checksums,entries,runs,median_ms,p90_ms,min_ms,answer_bytes,namenode_calls_per_listing,"
                        + "calls_by_method\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.3f,%.3f,%.3f,%d,%s,\"%s\"%n", r.backend(),
                    r.listChecksums(), r.entries(), r.runs(), r.medianMs(), r.p90Ms(), r.minMs(), r.answerBytes(),
                    r.nameNodeCalls(), r.callsByMethod()));
        }
        return b.toString();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: ListingBenchmark [--sizes 10,100,1000,10000] [--runs 30]"
                        + " [--warmup 5] [--csv FILE] [--account srmuser1]");
            }
            m.put(args[i].substring(2), args[++i]);
        }
        return m;
    }

    private static void info(String s) {
        System.err.println("[listing-benchmark] " + s);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}

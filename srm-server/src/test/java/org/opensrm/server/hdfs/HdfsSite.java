package org.opensrm.server.hdfs;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivilegedExceptionAction;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.UserGroupInformation;
import org.opensrm.backend.hdfs.DevHdfsCluster;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;
import org.opensrm.testkit.TestGrid;

/**
 * A storage site on HDFS for end-to-end tests, all on loopback: a test CA and users, a fresh directory of the
 * shared MiniDFSCluster as {@code backend.root}, one {@link BannerOnlyDoor} as the GridFTP node, and any number of
 * SRM servers in this JVM on free ports ({@code backend=hdfs}), all in front of that same directory.
 *
 * <ul>
 *   <li>Alice → {@code srmuser1}, owns {@code /alice} (0755) in HDFS;</li>
 *   <li>Bob → {@code srmuser2}, owns {@code /bob} (0700) in HDFS.</li>
 * </ul>
 *
 * Local files (CA, host credential, grid-mapfile, server state) live under a fresh {@code /tmp/opensrm-hdfs-*}
 * directory; both it and the HDFS directory are removed on {@link #close()}.
 */
final class HdfsSite implements AutoCloseable {
    static final String ALICE_ACCOUNT = "srmuser1";
    static final String BOB_ACCOUNT = "srmuser2";
    static final String TOKEN_KEY = "hdfs-e2e-token-key-0123456789";

    private final Path base;
    private final DevHdfsCluster cluster;
    private final String root;
    private final TestGrid grid;
    private final GridUser alice;
    private final GridUser bob;
    private final BannerOnlyDoor door;
    private final Path hostCert;
    private final Path hostKey;
    private final Path gridmap;
    private final Configuration conf = new HdfsConfiguration();
    private final FileSystem superuser;
    private final Map<String, FileSystem> actingAs = new HashMap<>();
    private final List<SrmServer> servers = new ArrayList<>();

    private HdfsSite(DevHdfsCluster cluster) throws IOException {
        this.cluster = cluster;
        // closing a file waits for the DataNode's block report, first after 400 ms by default
        conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
        base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-hdfs-");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        FileSystem su = null;
        BannerOnlyDoor d = null;
        try {
            grid = TestGrid.create(base.resolve("grid"));
            alice = grid.user("Alice");
            bob = grid.user("Bob");
            Path etc = Files.createDirectory(base.resolve("srm"));
            hostCert = etc.resolve("hostcert.pem");
            hostKey = etc.resolve("hostkey.pem");
            grid.hostCredential().writeCertAndKey(hostCert, hostKey);
            gridmap = Files.writeString(etc.resolve("grid-mapfile"),
                    "\"" + alice.dn() + "\" " + ALICE_ACCOUNT + "\n" + "\"" + bob.dn() + "\" " + BOB_ACCOUNT + "\n");

            su = FileSystem.newInstance(cluster.uri(), conf);
            root = cluster.root() + "/site-" + UUID.randomUUID();
            mkdir(su, root, "root", "supergroup", 0755);
            mkdir(su, root + "/alice", ALICE_ACCOUNT, "srmtest", 0755);
            mkdir(su, root + "/bob", BOB_ACCOUNT, "srmtest", 0700);
            d = new BannerOnlyDoor();
        } catch (IOException | RuntimeException e) {
            if (su != null) {
                su.close();
            }
            deleteTree(base);
            throw e;
        }
        superuser = su;
        door = d;
    }

    private static void mkdir(FileSystem fs, String path, String owner, String group, int mode) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        fs.mkdirs(p);
        fs.setOwner(p, owner, group);
        fs.setPermission(p, new FsPermission((short) mode));
    }

    /** A site on {@code cluster} with no server yet. */
    static HdfsSite create(DevHdfsCluster cluster) throws IOException {
        return new HdfsSite(cluster);
    }

    /** A site with one server started with {@code overrides} on top of {@link #config}. */
    static HdfsSite start(DevHdfsCluster cluster, Map<String, String> overrides) throws Exception {
        HdfsSite site = new HdfsSite(cluster);
        try {
            site.startServer(overrides);
            return site;
        } catch (Exception | Error e) {
            site.close();
            throw e;
        }
    }

    /**
     * The configuration every server of this site gets: HDFS backend on this site's directory, the site's door
     * (probed every hour, so the selector's verdict stays that of the first probe), token key {@link #TOKEN_KEY},
     * and a state directory of its own.
     */
    Map<String, String> config() throws IOException {
        Path state = Files.createTempDirectory(base, "state-");
        Map<String, String> cfg = new HashMap<>(Map.of(
                "srm.host", "127.0.0.1", "srm.port", "0",
                "srm.hostcert", hostCert.toString(), "srm.hostkey", hostKey.toString(),
                "srm.cadir", grid.trustDir().toString(), "srm.gridmap", gridmap.toString(),
                "srm.token.key", TOKEN_KEY, "srm.state.dir", state.toString(),
                "backend", "hdfs", "backend.hdfs.uri", cluster.uri().toString()));
        cfg.put("backend.root", root);
        cfg.put("gridftp.nodes", door.node());
        cfg.put("gridftp.probe.interval", "1h");
        return cfg;
    }

    /** Starts one more server in front of this site's HDFS directory; closed with the site. */
    SrmServer startServer(Map<String, String> overrides) throws Exception {
        return startServer(overrides, Clock.systemUTC());
    }

    /** As above, the server counting lifetimes and idle times by {@code clock}. */
    SrmServer startServer(Map<String, String> overrides, Clock clock) throws Exception {
        Map<String, String> cfg = config();
        cfg.putAll(overrides);
        SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(cfg)), UnaryOperator.identity(), clock);
        try {
            server.start();
        } catch (Exception e) {
            server.close();
            throw e;
        }
        servers.add(server);
        return server;
    }

    /** The first server started. */
    SrmServer server() {
        return servers.get(0);
    }

    /** {@code srm://localhost:PORT/path} of the first server (short form, as gfal2 writes it). */
    String surl(String path) {
        return surl(server(), path);
    }

    static String surl(SrmServer server, String path) {
        return "srm://localhost:" + server.port() + path;
    }

    /** The HDFS path behind SURL path {@code path}. */
    org.apache.hadoop.fs.Path hdfs(String path) {
        return new org.apache.hadoop.fs.Path(root + path);
    }

    /** The HDFS directory that is {@code /} of the namespace. */
    String root() {
        return root;
    }

    /** An HDFS client of the test JVM's user, the HDFS superuser (for looking, and for setting up). */
    FileSystem superuser() {
        return superuser;
    }

    /** The status of an HDFS path as the superuser sees it, or null when it does not exist. */
    FileStatus statusOrNull(org.apache.hadoop.fs.Path p) throws IOException {
        return superuser.exists(p) ? superuser.getFileStatus(p) : null;
    }

    /**
     * An HDFS client acting as {@code account} (a proxy user of the test JVM's user), as a GridFTP-HDFS door runs
     * a transfer as the mapped account.
     */
    synchronized FileSystem as(String account) throws IOException {
        FileSystem fs = actingAs.get(account);
        if (fs == null) {
            UserGroupInformation ugi = UserGroupInformation.createProxyUser(account,
                    UserGroupInformation.getLoginUser());
            fs = doAs(ugi, () -> FileSystem.newInstance(cluster.uri(), conf));
            actingAs.put(account, fs);
        }
        return fs;
    }

    /** Writes {@code content} to HDFS path {@code p} as {@code account} (a new file, mode by HDFS' umask 022). */
    void write(String account, org.apache.hadoop.fs.Path p, byte[] content) throws IOException {
        try (OutputStream out = as(account).create(p, false)) {
            out.write(content);
        }
    }

    /**
     * Does what a GridFTP-HDFS door does for a put: writes {@code content} as {@code account} at the HDFS path the
     * TURL names (with {@code gridftp.path.prefix} at its default, {@code backend.root}, that path is the HDFS path
     * itself). Returns that path.
     */
    org.apache.hadoop.fs.Path writeAtTurl(String account, String turl, byte[] content) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(URI.create(turl).getPath());
        write(account, p, content);
        return p;
    }

    static byte[] randomBytes(int size, long seed) {
        byte[] b = new byte[size];
        new java.util.Random(seed).nextBytes(b);
        return b;
    }

    static String adler32(byte[] content) {
        Adler32 sum = new Adler32();
        sum.update(content, 0, content.length);
        return String.format("%08x", sum.getValue());
    }

    SrmClients clients(GridUser user) {
        return grid.clients(user);
    }

    TestGrid grid() {
        return grid;
    }

    GridUser alice() {
        return alice;
    }

    GridUser bob() {
        return bob;
    }

    /** A scratch directory for local files (readable by everyone). */
    Path scratch(String name) throws IOException {
        Path dir = Files.createDirectories(base.resolve("scratch").resolve(name));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    private static <T> T doAs(UserGroupInformation ugi, PrivilegedExceptionAction<T> action) throws IOException {
        try {
            return ugi.doAs(action);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            for (SrmServer s : servers) {
                s.close();
            }
            door.close();
        } finally {
            try {
                for (FileSystem fs : actingAs.values()) {
                    fs.close();
                }
                superuser.delete(new org.apache.hadoop.fs.Path(root), true);
                superuser.close();
            } finally {
                deleteTree(base);
            }
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort; a leftover under /tmp does not change any result
        }
    }
}

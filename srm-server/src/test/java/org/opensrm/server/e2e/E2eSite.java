package org.opensrm.server.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.opensrm.backend.StorageBackend;
import org.opensrm.server.LaunchedServer;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridFtpServerConfig;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.XrootdServerProcess;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;
import org.opensrm.testkit.TestGrid;

/**
 * One complete storage site for end-to-end tests, all on loopback: a test CA and users, two real
 * {@code globus-gridftp-server} doors, and the SRM server in this JVM on a free port, selecting doors round-robin.
 *
 * <ul>
 *   <li>Alice → {@code srmuser1}, owns {@code /alice} (0755);</li>
 *   <li>Bob → {@code srmuser2}, owns {@code /bob} (0700);</li>
 *   <li>Carol is in no grid-mapfile;</li>
 *   <li>Mallory → {@code srmuser3} in every grid-mapfile, but her DN is on the SRM ban list.</li>
 * </ul>
 *
 * Everything lives under a fresh {@code /tmp/opensrm-e2e-*} directory (mode 0755, so that the GridFTP session
 * processes, which run as the mapped accounts, can traverse to the data), removed on {@link #close()}.
 */
final class E2eSite implements AutoCloseable {
    static final String ALICE_ACCOUNT = "srmuser1";
    static final String BOB_ACCOUNT = "srmuser2";
    static final String MALLORY_ACCOUNT = "srmuser3";
    /** The overrides that run a site's server in full mode, on the embedded store in its state directory. */
    static final Map<String, String> FULL_MODE = Map.of("srm.mode", "full");

    private final Path base;
    private final Path root;
    private final TestGrid grid;
    private final GridUser alice;
    private final GridUser bob;
    private final GridUser carol;
    private final GridUser mallory;
    private final GridFtpServerProcess doorA;
    private final GridFtpServerProcess doorB;
    private final SrmServer server;
    private final Map<String, String> settings;
    private XrootdServerProcess xrootd;

    private E2eSite(Path base, Path root, TestGrid grid, GridUser alice, GridUser bob, GridUser carol,
                    GridUser mallory, GridFtpServerProcess doorA, GridFtpServerProcess doorB, SrmServer server,
                    Map<String, String> settings) {
        this.base = base;
        this.root = root;
        this.grid = grid;
        this.alice = alice;
        this.bob = bob;
        this.carol = carol;
        this.mallory = mallory;
        this.doorA = doorA;
        this.doorB = doorB;
        this.server = server;
        this.settings = settings;
    }

    /** Starts a site; {@code overrides} are server configuration keys set on top of the defaults here. */
    static E2eSite start(Map<String, String> overrides) throws Exception {
        return start(overrides, UnaryOperator.identity());
    }

    /** Starts a site whose server sees its POSIX backend through {@code backendView} (e.g. a {@link HoldingBackend}). */
    static E2eSite start(Map<String, String> overrides, UnaryOperator<StorageBackend> backendView) throws Exception {
        return start(overrides, backendView, UnaryOperator.identity(), false, Clock.systemUTC());
    }

    /**
     * Starts a site whose server counts lifetimes and idle times by {@code clock} (e.g. a
     * {@link org.opensrm.testkit.ShiftedClock}).
     */
    static E2eSite start(Map<String, String> overrides, Clock clock) throws Exception {
        return start(overrides, UnaryOperator.identity(), UnaryOperator.identity(), false, clock);
    }

    /**
     * Starts a site with an XRootD door beside its two GridFTP doors, in {@code doors}
     * ({@code root://localhost:P|https://localhost:P}, one port), serving the same root, its TURLs carrying
     * macaroons of the secret it shares with the server.
     */
    static E2eSite startWithXrootd(Map<String, String> overrides) throws Exception {
        return start(overrides, UnaryOperator.identity(), UnaryOperator.identity(), true, Clock.systemUTC());
    }

    /** Starts a site whose two doors are configured further by {@code doors} (e.g. a GSI authorization callout). */
    static E2eSite startWithDoors(Map<String, String> overrides, UnaryOperator<GridFtpServerConfig.Builder> doors)
            throws Exception {
        return start(overrides, UnaryOperator.identity(), doors, false, Clock.systemUTC());
    }

    private static E2eSite start(Map<String, String> overrides, UnaryOperator<StorageBackend> backendView,
                                 UnaryOperator<GridFtpServerConfig.Builder> doors, boolean withXrootd,
                                 Clock clock) throws Exception {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-e2e-");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        GridFtpServerProcess doorA = null;
        GridFtpServerProcess doorB = null;
        XrootdServerProcess xrootd = null;
        try {
            TestGrid grid = TestGrid.create(base.resolve("grid"));
            GridUser alice = grid.user("Alice");
            GridUser bob = grid.user("Bob");
            GridUser carol = grid.user("Carol");
            GridUser mallory = grid.user("Mallory");

            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            ownedDirectory(root.resolve("alice"), ALICE_ACCOUNT, "rwxr-xr-x");
            ownedDirectory(root.resolve("bob"), BOB_ACCOUNT, "rwx------");
            ownedDirectory(base.resolve("outside"), ALICE_ACCOUNT, "rwxr-xr-x");

            doorA = GridFtpServerProcess.start(doors.apply(grid.gridFtpServer("a").map(alice.dn(), ALICE_ACCOUNT)
                    .map(bob.dn(), BOB_ACCOUNT).map(mallory.dn(), MALLORY_ACCOUNT)).build());
            doorB = GridFtpServerProcess.start(doors.apply(grid.gridFtpServer("b").map(alice.dn(), ALICE_ACCOUNT)
                    .map(bob.dn(), BOB_ACCOUNT).map(mallory.dn(), MALLORY_ACCOUNT)).build());

            if (withXrootd) {
                xrootd = XrootdServerProcess.start(grid.xrootdServer("x", root).map(alice.dn(), ALICE_ACCOUNT)
                        .map(bob.dn(), BOB_ACCOUNT).map(mallory.dn(), MALLORY_ACCOUNT).build());
            }

            Path conf = Files.createDirectory(base.resolve("srm"));
            Path hostCert = conf.resolve("hostcert.pem");
            Path hostKey = conf.resolve("hostkey.pem");
            grid.hostCredential().writeCertAndKey(hostCert, hostKey);
            Path gridmap = Files.writeString(conf.resolve("grid-mapfile"),
                    "\"" + alice.dn() + "\" " + ALICE_ACCOUNT + "\n"
                            + "\"" + bob.dn() + "\" " + BOB_ACCOUNT + "\n"
                            + "\"" + mallory.dn() + "\" " + MALLORY_ACCOUNT + "\n");
            Path banlist = Files.writeString(conf.resolve("ban-list"), "\"" + mallory.dn() + "\"\n");

            Map<String, String> cfg = new HashMap<>(Map.of(
                    "srm.host", "127.0.0.1", "srm.port", "0",
                    "srm.hostcert", hostCert.toString(), "srm.hostkey", hostKey.toString(),
                    "srm.cadir", grid.trustDir().toString(), "srm.gridmap", gridmap.toString(),
                    "srm.token.key", "e2e-token-key-0123456789",
                    "srm.state.dir", conf.resolve("state").toString(), "backend.root", root.toString(),
                    "gridftp.nodes", doorA.node() + "," + doorB.node()));
            if (xrootd != null) {
                cfg.put("doors", "root://localhost:" + xrootd.port() + "|https://localhost:" + xrootd.port());
                cfg.put("doors.macaroon.secret", xrootd.macaroonSecret().toString());
                cfg.put("doors.macaroon.location", xrootd.siteName());
            }
            cfg.put("gridftp.selector", "roundrobin");
            cfg.put("srm.banlist", banlist.toString());
            cfg.putAll(overrides);
            SrmServer server = new SrmServer(ServerConfig.from(RawConfig.of(cfg)), backendView, clock);
            try {
                server.start();
            } catch (Exception e) {
                server.close();
                throw e;
            }
            E2eSite site = new E2eSite(base, root, grid, alice, bob, carol, mallory, doorA, doorB, server,
                    Map.copyOf(cfg));
            site.xrootd = xrootd;
            return site;
        } catch (Exception | Error e) {
            if (xrootd != null) {
                xrootd.close();
            }
            closeQuietly(doorA);
            closeQuietly(doorB);
            deleteTree(base);
            throw e;
        }
    }

    private static void ownedDirectory(Path dir, String account, String mode) throws IOException {
        Files.createDirectory(dir);
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(dir, users.lookupPrincipalByName(account));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
    }

    /** {@code srm://localhost:PORT/path} (short form; gfal2 uses the port only to connect). */
    String surl(String path) {
        return "srm://localhost:" + server.port() + path;
    }

    /** {@code srm://localhost:PORT/path} of another server of this site (a second frontend, a server process). */
    static String surl(int port, String path) {
        return "srm://localhost:" + port + path;
    }

    /**
     * This site's server as operators run it, in a JVM of its own ({@link LaunchedServer}), with the site's settings
     * and {@code extra} on top, its files in {@code work} (made if missing).
     */
    LaunchedServer launch(Path work, Map<String, String> extra, String logName) throws Exception {
        Files.createDirectories(work);
        Map<String, String> all = new HashMap<>(settings);
        all.putAll(extra);
        return LaunchedServer.start(work, all, "384m", logName);
    }

    /**
     * Another frontend of this site in this JVM: the site's settings with its own state directory {@code name}
     * and a free port, started. The caller closes it.
     */
    SrmServer frontend(String name) throws Exception {
        return frontend(name, Map.of());
    }

    /** Another frontend as {@link #frontend(String)}, with {@code extra} settings on top of the site's. */
    SrmServer frontend(String name, Map<String, String> extra) throws Exception {
        Map<String, String> all = new HashMap<>(settings);
        all.putAll(extra);
        all.put("srm.port", "0");
        all.put("srm.state.dir", Files.createDirectories(base.resolve("frontend-" + name)).toString());
        SrmServer other = new SrmServer(ServerConfig.from(RawConfig.of(all)));
        try {
            other.start();
        } catch (Exception e) {
            other.close();
            throw e;
        }
        return other;
    }

    /** The file or directory behind SURL path {@code path}. */
    Path onDisk(String path) {
        return root.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    /** Where {@code account}'s uploads are staged until srmPutDone (outside the SURL namespace). */
    Path staging(String account) {
        return OnDisk.stagingOf(root, account);
    }

    /** A directory outside the SRM namespace, owned by {@code srmuser1}, that both GridFTP doors can write. */
    Path outside() {
        return base.resolve("outside");
    }

    /** A scratch directory for the test's own local files (readable by everyone). */
    Path scratch(String name) throws IOException {
        Path dir = Files.createDirectories(base.resolve("scratch").resolve(name));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
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

    GridUser carol() {
        return carol;
    }

    GridUser mallory() {
        return mallory;
    }

    GridFtpServerProcess doorA() {
        return doorA;
    }

    GridFtpServerProcess doorB() {
        return doorB;
    }

    /** The XRootD door of a site started {@link #startWithXrootd with one}. */
    XrootdServerProcess xrootd() {
        return java.util.Objects.requireNonNull(xrootd, "this site has no XRootD door");
    }

    SrmServer server() {
        return server;
    }

    int port() {
        return server.port();
    }

    /** The server's configuration: what another frontend or a server process of this site starts from. */
    Map<String, String> settings() {
        return settings;
    }

    /** The base directory of the site, for a test's own server state (removed with the site). */
    Path base() {
        return base;
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            if (xrootd != null) {
                xrootd.close();
            }
            closeQuietly(doorA);
            closeQuietly(doorB);
            deleteTree(base);
        }
    }

    private static void closeQuietly(GridFtpServerProcess door) {
        if (door != null) {
            door.close();
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

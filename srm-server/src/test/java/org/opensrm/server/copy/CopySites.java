package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.GsoapEnvelope;
import org.opensrm.testkit.TwoGridFtpDoors;
import org.opensrm.testkit.XrootdServerProcess;

/**
 * Two storage elements for srmCopy tests, on loopback: two full-mode SRM servers in this JVM, each with its own
 * real GridFTP door ({@link TwoGridFtpDoors}: one test CA, Alice mapped to {@code srmuser1} on both doors and both
 * servers) and its own storage root with {@code /alice} owned by {@code srmuser1}. Each server allows
 * {@code localhost} as copy peer (the other's SRM and door); SURLs are {@code srm://localhost:PORT/path}.
 * {@link #startWithXrootd} gives each site a real XRootD door too ({@code root} and {@code https}, TURLs carrying
 * macaroons of its own secret and site name, HTTP-TPC loaded), so that copies between them are HTTP third-party
 * copies.
 */
final class CopySites implements AutoCloseable {
    static final String ACCOUNT = "srmuser1";
    static final String PATH = "/srm/managerv2";

    final TwoGridFtpDoors doors;
    final Site a;
    final Site b;

    /** One storage element: its server, its root directory, and its XRootD door or null. */
    record Site(SrmServer server, Path root, Path state, XrootdServerProcess xrootd) {
        String surl(String path) {
            return "srm://localhost:" + server.port() + path;
        }

        Path file(String path) {
            return root.resolve(path.substring(1));
        }

        /** Stops its server, then its XRootD door. */
        void close() {
            server.close();
            if (xrootd != null) {
                xrootd.close();
            }
        }

        /** The hidden upload names of the staging area (what a pull writes to before the rename). */
        List<Path> uploads() throws IOException {
            Path dir = root.resolve(".srm-uploads").resolve(ACCOUNT);
            if (!Files.isDirectory(dir)) {
                return List.of();
            }
            try (var files = Files.list(dir)) {
                return files.toList();
            }
        }
    }

    private CopySites(TwoGridFtpDoors doors, Site a, Site b) {
        this.doors = doors;
        this.a = a;
        this.b = b;
    }

    static CopySites start(String name) throws Exception {
        return start(name, Map.of());
    }

    /** Two sites whose servers both have {@code settings} on top of the ones above. */
    static CopySites start(String name, Map<String, String> settings) throws Exception {
        return start(name, settings, false);
    }

    /**
     * Two sites each with an XRootD door beside its GridFTP door, listed in {@code doors} after it; the doors pass
     * an {@code Authorization} header on as the macaroon ({@code http.header2cgi}), as a door an HTTP third-party
     * copy reaches must, and log their third-party copies ({@code tpc.trace info}).
     */
    static CopySites startWithXrootd(String name) throws Exception {
        return start(name, Map.of(), true);
    }

    private static CopySites start(String name, Map<String, String> settings, boolean xrootd) throws Exception {
        TwoGridFtpDoors doors = TwoGridFtpDoors.start(name, "Alice", ACCOUNT);
        Site a = null;
        try {
            a = site(doors, "a", doors.a(), settings, xrootd);
            Site b = site(doors, "b", doors.b(), settings, xrootd);
            return new CopySites(doors, a, b);
        } catch (Exception | Error e) {
            if (a != null) {
                a.close();
            }
            doors.close();
            throw e;
        }
    }

    private static Site site(TwoGridFtpDoors doors, String name, GridFtpServerProcess door,
                             Map<String, String> settings, boolean withXrootd) throws Exception {
        Path base = doors.base();
        Path root = Files.createDirectory(base.resolve("root-" + name));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path alice = Files.createDirectory(root.resolve("alice"));
        Files.setOwner(alice, alice.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(ACCOUNT));
        Files.setPosixFilePermissions(alice, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path conf = Files.createDirectory(base.resolve("srm-" + name));
        Path hostCert = conf.resolve("hostcert.pem");
        Path hostKey = conf.resolve("hostkey.pem");
        doors.grid().hostCredential().writeCertAndKey(hostCert, hostKey);
        Path gridmap = Files.writeString(conf.resolve("grid-mapfile"), "\"" + doors.user().dn() + "\" " + ACCOUNT + "\n");
        Map<String, String> cfg = new HashMap<>(Map.of(
                "srm.host", "127.0.0.1", "srm.port", "0", "srm.surl.hosts", "localhost",
                "srm.hostcert", hostCert.toString(), "srm.hostkey", hostKey.toString(),
                "srm.cadir", doors.grid().trustDir().toString(), "srm.gridmap", gridmap.toString(),
                "srm.token.key", "copy-token-key-0123456789",
                "srm.state.dir", conf.resolve("state").toString(), "backend.root", root.toString()));
        cfg.put("gridftp.nodes", door.node());
        cfg.put("srm.mode", "full");
        cfg.put("srm.copy.peers", "localhost");
        cfg.put("srm.copy.attempts", "2");
        cfg.put("srm.copy.backoff", "1s");
        cfg.putAll(settings);
        XrootdServerProcess xrootd = null;
        if (withXrootd) {
            xrootd = XrootdServerProcess.start(doors.grid().xrootdServer(name, root).siteName("Site-" + name)
                    .map(doors.user().dn(), ACCOUNT).directive("http.header2cgi Authorization authz")
                    .directive("tpc.trace info").build());
            cfg.put("doors", "root://localhost:" + xrootd.port() + "|https://localhost:" + xrootd.port());
            cfg.put("doors.macaroon.secret", xrootd.macaroonSecret().toString());
            cfg.put("doors.macaroon.location", xrootd.siteName());
        }
        SrmServer server = null;
        try {
            server = new SrmServer(ServerConfig.from(RawConfig.of(cfg)));
            server.start();
        } catch (Exception e) {
            if (server != null) {
                server.close();
            }
            if (xrootd != null) {
                xrootd.close();
            }
            throw e;
        }
        return new Site(server, root, conf.resolve("state"), xrootd);
    }

    /** A client presenting Alice's proxy that delegates a proxy valid for {@code lifetime} on each connection. */
    HttpgClient delegating(Duration lifetime) {
        return plain().delegating(lifetime);
    }

    /** A client presenting Alice's proxy that sends '0' (no delegation), as gfal2 and ARC do. */
    HttpgClient plain() {
        return new HttpgClient(doors.user().proxyFile(), doors.grid().trustDir());
    }

    static byte[] copy(String source, String target) {
        return copy(source, target, null);
    }

    /** srmCopy of one file, into {@code targetSpaceToken} unless null. */
    static byte[] copy(String source, String target, String targetSpaceToken) {
        return GsoapEnvelope.of("srmCopy", "<srmCopyRequest><arrayOfFileRequests><requestArray><sourceSURL>"
                + GsoapEnvelope.text(source) + "</sourceSURL><targetSURL>" + GsoapEnvelope.text(target)
                + "</targetSURL></requestArray></arrayOfFileRequests>"
                + (targetSpaceToken == null ? "" : "<targetSpaceToken>" + GsoapEnvelope.text(targetSpaceToken)
                + "</targetSpaceToken>") + "</srmCopyRequest>");
    }

    static byte[] reserveSpace(long bytes) {
        return GsoapEnvelope.of("srmReserveSpace", "<srmReserveSpaceRequest><retentionPolicyInfo><retentionPolicy>"
                + "REPLICA</retentionPolicy><accessLatency>ONLINE</accessLatency></retentionPolicyInfo>"
                + "<desiredSizeOfTotalSpace>" + bytes + "</desiredSizeOfTotalSpace><desiredSizeOfGuaranteedSpace>"
                + bytes + "</desiredSizeOfGuaranteedSpace></srmReserveSpaceRequest>");
    }

    static byte[] spaceMetaData(String space) {
        return GsoapEnvelope.of("srmGetSpaceMetaData", "<srmGetSpaceMetaDataRequest><arrayOfSpaceTokens><stringArray>"
                + GsoapEnvelope.text(space) + "</stringArray></arrayOfSpaceTokens></srmGetSpaceMetaDataRequest>");
    }

    static byte[] statusOfCopy(String token) {
        return GsoapEnvelope.of("srmStatusOfCopyRequest", "<srmStatusOfCopyRequestRequest><requestToken>"
                + token + "</requestToken></srmStatusOfCopyRequestRequest>");
    }

    static byte[] abort(String token) {
        return GsoapEnvelope.of("srmAbortRequest", "<srmAbortRequestRequest><requestToken>" + token
                + "</requestToken></srmAbortRequestRequest>");
    }

    static byte[] ls(String surl) {
        return GsoapEnvelope.of("srmLs", "<srmLsRequest><arrayOfSURLs><urlArray>" + GsoapEnvelope.text(surl)
                + "</urlArray></arrayOfSURLs></srmLsRequest>");
    }

    /** What the last answer about a copy said. */
    record Answer(String status, String fileStatus, String text) {
    }

    /** Asks {@code site} for the copy on a delegating connection, then polls until it is over. */
    Answer copyAndWait(Site site, String source, String target) throws Exception {
        return copyAndWait(site, source, target, null);
    }

    /** As above, into {@code space} unless null. */
    Answer copyAndWait(Site site, String source, String target, String space) throws Exception {
        try (HttpgConnection c = delegating(Duration.ofHours(1)).keepAlive("127.0.0.1",
                site.server().port())) {
            HttpgResponse made = c.post(PATH, Map.of(), copy(source, target, space));
            String token = made.text("srmCopyResponse/requestToken");
            assertNotNull(token, made.toString());
            return waitFor(c, token);
        }
    }

    Answer waitFor(HttpgConnection c, String token) throws Exception {
        long until = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (true) {
            HttpgResponse r = c.post(PATH, Map.of(), statusOfCopy(token));
            String status = r.text("srmStatusOfCopyRequestResponse/returnStatus/statusCode");
            if (!"SRM_REQUEST_QUEUED".equals(status) && !"SRM_REQUEST_INPROGRESS".equals(status)) {
                return new Answer(status, r.text("statusArray/status/statusCode"), r.bodyText());
            }
            assertTrue(System.nanoTime() < until, "copy still running: " + r);
            Thread.sleep(250);
        }
    }

    static byte[] sourceFile(Site site, String path, int size) throws IOException {
        byte[] data = new byte[size];
        new SecureRandom().nextBytes(data);
        Path file = site.file(path);
        Files.write(file, data);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return data;
    }

    @Override
    public void close() throws IOException {
        for (Site s : new Site[] {a, b}) {
            if (s != null) {
                s.close();
            }
        }
        doors.close();
    }
}

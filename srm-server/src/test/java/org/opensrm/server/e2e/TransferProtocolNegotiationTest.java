package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.TestGrid;

/**
 * Protocol negotiation over httpg against a real server whose doors are two real GridFTP doors, a real XRootD
 * door speaking {@code root} and {@code https} (one door, two endpoints) and a second XRootD process offered for
 * {@code https} only: srmGetTransferProtocols lists the kinds in the site's order; srmPrepareToGet and
 * srmPrepareToPut answer a TURL of the first protocol of the client's list that a live door offers; with the root
 * door killed the next kind that is up; a list of protocols none offered is {@code SRM_NOT_SUPPORTED} naming those
 * offered. In gateway and full mode.
 */
@Tag("integration")
class TransferProtocolNegotiationTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"gateway", "full"})
    void theClientsOrderOfPreferenceIsHonouredAmongTheLiveDoors(String mode) throws Exception {
        TestGrid xrootdGrid = TestGrid.create(tmp.resolve("xrootd-grid"));
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-doors-"); // xrootd runs as nobody: 0755
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path export = Files.createDirectory(base.resolve("export"));
        try (ListeningXrootd both = ListeningXrootd.start(xrootdGrid, base.resolve("xrootd-a"), export);
             ListeningXrootd httpsOnly = ListeningXrootd.start(xrootdGrid, base.resolve("xrootd-b"), export)) {
            Map<String, String> overrides = new HashMap<>(Map.of(
                    "doors", both.door() + ", https://localhost:" + httpsOnly.httpsPort(),
                    "gridftp.probe.interval", "3s", "gridftp.probe.timeout", "3s"));
            if (mode.equals("full")) {
                overrides.putAll(E2eSite.FULL_MODE);
            }
            try (E2eSite site = E2eSite.start(overrides)) {
                Files.writeString(site.onDisk("/alice/n.txt"), "negotiated\n");
                SpecRequests alice = new SpecRequests(new SrmSoap(site, site.alice()));
                String surl = site.surl("/alice/n.txt");
                String root = site.onDisk("/").toString().replaceAll("/$", "");

                HttpgResponse offered = new SrmSoap(site, site.alice()).call("srmGetTransferProtocols",
                        "<srmGetTransferProtocolsRequest/>");
                assertEquals(List.of("gsiftp", "root", "https"), offered.texts("protocolArray/transferProtocol"),
                        offered::toString);

                assertEquals("root://localhost:" + both.rootPort() + "/" + root + "/alice/n.txt",
                        turl(alice, "Get", alice.get(List.of(surl), List.of("root", "https"), 0)));
                assertTrue(turl(alice, "Get", alice.get(List.of(surl), List.of("https", "root"), 0))
                        .matches("https://localhost:(" + both.httpsPort() + "|" + httpsOnly.httpsPort() + ")"
                                + root + "/alice/n\\.txt"));
                assertTrue(turl(alice, "Get", alice.get(List.of(surl), List.of("ftp", "gsiftp"), 0))
                        .matches("gsiftp://localhost:(" + site.doorA().port() + "|" + site.doorB().port() + ")"
                                + root + "/alice/n\\.txt"));
                String upload = turl(alice, "Put", alice.put(List.of(site.surl("/alice/up.txt")),
                        List.of("root"), 0));
                assertTrue(upload.startsWith("root://localhost:" + both.rootPort() + "/" + root + "/"), upload);

                HttpgResponse refused = alice.get(List.of(surl), List.of("ftp", "http"), 0);
                SpecRequests.assertStatus("SRM_NOT_SUPPORTED", refused, "srmPrepareToGet");
                String why = refused.text("srmPrepareToGetResponse/returnStatus/explanation") + " "
                        + refused.texts("statusArray/status/explanation");
                assertTrue(why.contains("[gsiftp, root, https]"), refused::toString);
                HttpgResponse refusedPut = alice.put(List.of(site.surl("/alice/no.txt")), List.of("ftp"), 0);
                SpecRequests.assertStatus("SRM_NOT_SUPPORTED", refusedPut, "srmPrepareToPut");

                both.close(); // the root door (and its https endpoint) goes down
                long deadline = System.nanoTime() + WAIT.toNanos();
                String next;
                do {
                    assertTrue(System.nanoTime() < deadline, "the server never noticed the root door went down");
                    LockSupport.parkNanos(Duration.ofMillis(200).toNanos()); // until the next health round
                    next = turl(alice, "Get", alice.get(List.of(surl), List.of("root", "https"), 0));
                } while (next.startsWith("root://"));
                assertEquals("https://localhost:" + httpsOnly.httpsPort() + root + "/alice/n.txt", next);
            }
        } finally {
            try (Stream<Path> all = Files.walk(base)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The TURL of the request's one file, polling its status while the request is queued (full mode). */
    private static String turl(SpecRequests soap, String kind, HttpgResponse first) throws IOException {
        String op = "srmPrepareTo" + kind;
        HttpgResponse r = first;
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            List<String> turls = r.texts("statusArray/transferURL");
            if (!turls.isEmpty() && !turls.get(0).isEmpty()) {
                return turls.get(0);
            }
            String status = SpecRequests.status(r, r == first ? op : "srmStatusOf" + kind + "Request");
            assertTrue(status.equals("SRM_REQUEST_QUEUED") || status.equals("SRM_REQUEST_INPROGRESS"), r::toString);
            assertTrue(System.nanoTime() < deadline, r::toString);
            r = soap.status(kind, SpecRequests.requestToken(first, op), List.of());
        }
    }
}

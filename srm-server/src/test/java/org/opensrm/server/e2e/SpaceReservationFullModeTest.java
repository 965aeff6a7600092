package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.FakeVoms;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;

/**
 * Space reservation (issue 11) as clients see it, in full mode: the eleven operations over SOAP with the state
 * they leave, two users of one VO in different VOMS groups (real VOMS proxies from {@code voms-proxy-fake}), puts
 * racing for the last bytes of a reservation, gfal2 unmodified writing into a reservation by its token
 * ({@code gfal-copy -S}) and reading tokens ({@code gfal-xattr ... spacetoken}), and a restart in the middle.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("integration")
class SpaceReservationFullModeTest {
    private static final String VOMS_HOST = "voms.example.test";
    private static final String GROUP_A = "/testvo/groupa/Role=NULL/Capability=NULL";
    private static final String GROUP_B = "/testvo/groupb/Role=NULL/Capability=NULL";
    private static final long VO_LIMIT = 1_000_000;
    static E2eSite site;
    static Path vomsBase;
    static FakeVoms voms;
    static GridUser aliceA;
    static GridUser bobB;
    /** The server after the restart test, which replaces the site's. */
    static SrmServer restarted;

    @BeforeAll
    static void start() throws Exception {
        vomsBase = Files.createTempDirectory(Path.of("/tmp"), "opensrm-space-");
        Path lsc = Files.createDirectories(vomsBase.resolve("vomsdir/testvo")).resolve(VOMS_HOST + ".lsc");
        Files.writeString(lsc, "/DC=test/O=OpenSRM/CN=" + VOMS_HOST + "\n/DC=test/O=OpenSRM/CN=OpenSRM Test CA\n");
        Map<String, String> settings = new HashMap<>(E2eSite.FULL_MODE);
        settings.putAll(Map.of("srm.vomsdir", vomsBase.resolve("vomsdir").toString(),
                "space.limit.vo.testvo", Long.toString(VO_LIMIT), "space.reservation.max-lifetime", "1d",
                "space.reservation.default-lifetime", "1h", "space.tokens", "SHARED",
                "space.token.SHARED.path", "/shared", "space.token.SHARED.description", "shared disk"));
        site = E2eSite.start(settings);
        voms = FakeVoms.create(site.grid().pki(), vomsBase, "testvo", VOMS_HOST);
        aliceA = vomsUser(site.alice(), "alice-groupa", GROUP_A);
        bobB = vomsUser(site.bob(), "bob-groupb", GROUP_B);
        Path shared = site.onDisk("/shared");
        Files.createDirectory(shared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    private static GridUser vomsUser(GridUser user, String name, String fqan) throws Exception {
        Path file = voms.proxy(user.credential(), vomsBase.resolve(name + ".proxy"), List.of(fqan));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return new GridUser(name, user.credential(), FakeVoms.read(file), file);
    }

    @AfterAll
    static void stop() {
        if (restarted != null) {
            restarted.close();
        }
        if (site != null) {
            site.close();
        }
        if (vomsBase != null) {
            E2eSite.deleteTree(vomsBase);
        }
    }

    private static int port() {
        return restarted != null ? restarted.port() : site.port();
    }

    /** A SURL of the running server (the restarted one after the restart test). */
    private static String surl(String path) {
        return E2eSite.surl(port(), path);
    }

    private static SpaceCalls as(GridUser user) {
        return new SpaceCalls(new SrmSoap(site, user, port()));
    }

    private static String reserve(SpaceCalls calls, String description, long bytes) throws Exception {
        HttpgResponse r = calls.reserve(description, bytes);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(r, "srmReserveSpace"), r.toString());
        String token = SpaceCalls.space(r);
        assertNotNull(token, r.toString());
        return token;
    }

    private static long unused(SpaceCalls calls, String token) throws Exception {
        HttpgResponse r = calls.metaData(token);
        assertEquals("SRM_SUCCESS", SpaceCalls.detailStatus(r), r.toString());
        return SpaceCalls.figure(r, "unusedSize");
    }

    @Test
    @Order(1)
    void reservedSpaceIsDescribedFoundUpdatedAndReleasedByItsOwnerOnly() throws Exception {
        SpaceCalls alice = as(aliceA);
        SpaceCalls bob = as(bobB);
        HttpgResponse made = alice.reserve("alice-life", "REPLICA", "ONLINE", 20_000, 10_000, 600);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(made, "srmReserveSpace"), made.toString());
        String token = SpaceCalls.space(made);
        assertEquals("20000", made.text("srmReserveSpaceResponse/sizeOfTotalReservedSpace"));
        assertEquals("10000", made.text("srmReserveSpaceResponse/sizeOfGuaranteedReservedSpace"));
        assertEquals("600", made.text("srmReserveSpaceResponse/lifetimeOfReservedSpace"));
        assertEquals("REPLICA", made.text("srmReserveSpaceResponse/retentionPolicyInfo/retentionPolicy"));

        HttpgResponse meta = alice.metaData(token);
        assertEquals(20_000, SpaceCalls.figure(meta, "totalSize"));
        assertEquals(10_000, SpaceCalls.figure(meta, "guaranteedSize"));
        assertEquals(20_000, SpaceCalls.figure(meta, "unusedSize"));
        assertEquals(600, SpaceCalls.figure(meta, "lifetimeAssigned"));
        assertTrue(SpaceCalls.figure(meta, "lifetimeLeft") <= 600, meta.toString());
        assertEquals(site.alice().dn(), meta.text("spaceDataArray/owner"), meta.toString());

        assertEquals(List.of(token), SpaceCalls.tokenList(alice.tokens("alice-life")));
        HttpgResponse hidden = bob.tokens("alice-life");
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(hidden, "srmGetSpaceTokens"),
                "another group's reservation is not listed: " + hidden);
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.detailStatus(bob.metaData(token)));

        HttpgResponse grown = alice.update(token, 30_000, 1200);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(grown, "srmUpdateSpace"), grown.toString());
        assertEquals("30000", grown.text("srmUpdateSpaceResponse/sizeOfTotalSpace"));
        assertEquals(30_000, SpaceCalls.figure(alice.metaData(token), "totalSize"));
        HttpgResponse othersUpdate = bob.update(token, 1, null);
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(othersUpdate, "srmUpdateSpace"));
        assertEquals(30_000, SpaceCalls.figure(alice.metaData(token), "totalSize"));

        for (String op : List.of("srmStatusOfReserveSpaceRequest", "srmStatusOfUpdateSpaceRequest",
                "srmStatusOfChangeSpaceForFilesRequest")) {
            HttpgResponse none = switch (op) {
                case "srmStatusOfReserveSpaceRequest" -> alice.statusOfReserve("no-such-request");
                case "srmStatusOfUpdateSpaceRequest" -> alice.statusOfUpdate("no-such-request");
                default -> alice.statusOfChangeSpaceForFiles("no-such-request");
            };
            assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(none, op),
                    "every space call is answered at once, so no request token exists: " + none);
        }

        HttpgResponse othersRelease = bob.release(token);
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(othersRelease, "srmReleaseSpace"));
        assertEquals("SRM_SUCCESS", SpaceCalls.detailStatus(alice.metaData(token)));
        HttpgResponse released = alice.release(token);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(released, "srmReleaseSpace"), released.toString());
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.detailStatus(alice.metaData(token)));
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(alice.release(token), "srmReleaseSpace"));
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(alice.tokens("alice-life"), "srmGetSpaceTokens"));
    }

    @Test
    @Order(2)
    void badInputIsRefusedWithItsStatusAndReservesNothing() throws Exception {
        SpaceCalls alice = as(aliceA);
        String d = "alice-bad";
        assertRefused("SRM_NOT_SUPPORTED", alice.reserve(d, "CUSTODIAL", "ONLINE", 1000, 1000, null));
        assertRefused("SRM_NOT_SUPPORTED", alice.reserve(d, "REPLICA", "NEARLINE", 1000, 1000, null));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "TAPE", "ONLINE", 1000, 1000, null));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "REPLICA", "ONLINE", 0, 0, null));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "REPLICA", "ONLINE", 500, 1000, null));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "REPLICA", "ONLINE", 1000, 1000, 0));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "REPLICA", "ONLINE", 1000, 1000, 2 * 86_400));
        assertRefused("SRM_INVALID_REQUEST", alice.reserve(d, "REPLICA", "ONLINE", 1000, 1000, -1));
        assertRefused("SRM_EXCEED_ALLOCATION", alice.reserve(d, "REPLICA", "ONLINE", VO_LIMIT + 1, VO_LIMIT + 1,
                null));
        HttpgResponse absurd = new SpaceCalls(new SrmSoap(site, aliceA, port())).reserve(d, "REPLICA", "ONLINE",
                Long.MAX_VALUE, 1000, null);
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(absurd, "srmReserveSpace"), absurd.toString());
        HttpgResponse noVoms = as(site.alice()).reserve(d, 1000);
        assertEquals("SRM_EXCEED_ALLOCATION", SpaceCalls.status(noVoms, "srmReserveSpace"),
                "a user without VOMS attributes may reserve space.limit.user (0): " + noVoms);
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(alice.tokens(d), "srmGetSpaceTokens"),
                "nothing was reserved by the refused calls");
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.detailStatus(alice.metaData("no-such-space")));
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(alice.update("no-such-space", 10, null),
                "srmUpdateSpace"));
    }

    private static void assertRefused(String status, HttpgResponse r) {
        assertEquals(status, SpaceCalls.status(r, "srmReserveSpace"), r.toString());
        String token = SpaceCalls.space(r);
        assertTrue(token == null || token.isEmpty(), "no token for a refused reservation: " + r);
    }

    @Test
    @Order(3)
    void onlyMembersOfItsGroupPutIntoItAndAnAbortedPutGivesItsBytesBack() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-members", 5000);
        HttpgResponse bobs = as(bobB).put(surl("/shared/by-bob.bin"), token, 1000);
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(bobs, "srmPrepareToPut"), bobs.toString());
        assertEquals(5000, unused(alice, token));
        HttpgResponse put = alice.put(surl("/shared/by-alice.bin"), token, 1000);
        String request = SpecRequests.requestToken(put, "srmPrepareToPut");
        assertFalse(SpecRequests.fileStatuses(put).contains("SRM_EXCEED_ALLOCATION"), put.toString());
        assertEquals(4000, unused(alice, token), "the put's expected size is held while it runs");
        HttpgResponse abort = new SrmSoap(site, aliceA, port()).abortRequest(request);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(abort, "srmAbortRequest"), abort.toString());
        assertEquals(5000, unused(alice, token), "an aborted put gives its bytes back");
        HttpgResponse unknown = alice.put(surl("/shared/x.bin"), "no-such-space", 10);
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(unknown, "srmPrepareToPut"), unknown.toString());
    }

    @Test
    @Order(4)
    void putsRacingForTheLastBytesGetExactlyWhatFits() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-race", 5000);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<HttpgResponse>> puts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String surl = surl("/shared/race-" + i + ".bin");
                Callable<HttpgResponse> put = () -> as(aliceA).put(surl, token, 1000);
                puts.add(pool.submit(put));
            }
            int admitted = 0;
            int refused = 0;
            List<String> requests = new ArrayList<>();
            for (Future<HttpgResponse> f : puts) {
                HttpgResponse r = f.get();
                String file = SpecRequests.fileStatuses(r).get(0);
                if (file.equals("SRM_EXCEED_ALLOCATION")) {
                    refused++;
                } else {
                    admitted++;
                    requests.add(SpecRequests.requestToken(r, "srmPrepareToPut"));
                }
            }
            assertEquals(5, admitted, "exactly the puts that fit are admitted");
            assertEquals(3, refused);
            assertEquals(0, unused(alice, token));
            for (String request : requests) {
                new SrmSoap(site, aliceA, port()).abortRequest(request);
            }
            assertEquals(5000, unused(alice, token));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Order(5)
    void gfalCopyWithASpaceTokenLandsInTheReservationAndOneTooLargeFailsLeavingNothing() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-gfal", 5000);
        SrmClients gfal = site.clients(aliceA);
        Path small = OnDisk.randomFile(site.scratch("space").resolve("small.bin"), 3000, 7);
        // gfal2 looks -S up as a user space token description (srmGetSpaceTokens), as sites name their spaces
        ClientRun cp = gfal.gfal("gfal-copy", "-S", "alice-gfal", "file://" + small,
                surl("/shared/small.bin"));
        assertTrue(cp.ok(), cp.describe());
        assertEquals(3000, Files.size(site.onDisk("/shared/small.bin")));
        assertEquals(2000, unused(alice, token), "the file counts against the reservation");

        ClientRun xattr = gfal.gfal("gfal-xattr", surl("/shared"), "spacetoken");
        assertTrue(xattr.ok(), xattr.describe());
        assertTrue(xattr.stdout().contains(token), "gfal-xattr lists the reservation: " + xattr.describe());

        Path large = OnDisk.randomFile(site.scratch("space").resolve("large.bin"), 4000, 8);
        ClientRun tooLarge = gfal.gfal("gfal-copy", "-S", token, "file://" + large, surl("/shared/large.bin"));
        assertFalse(tooLarge.ok(), tooLarge.describe());
        assertTrue(tooLarge.stderr().contains("SRM_EXCEED_ALLOCATION"), "the client shows the server's status: "
                + tooLarge.describe());
        assertFalse(Files.exists(site.onDisk("/shared/large.bin")), "nothing is left behind");
        assertEquals(2000, unused(alice, token));

        String scrape = (restarted != null ? restarted : site.server()).metrics().render();
        assertTrue(scrape.contains("srm_space_used_bytes{token=\"" + token + "\"} 3000"), scrape);
        assertTrue(scrape.contains("srm_space_free_bytes{token=\"" + token + "\"} 2000"), scrape);

        ClientRun rm = gfal.gfal("gfal-rm", surl("/shared/small.bin"));
        assertTrue(rm.ok(), rm.describe());
        assertEquals(5000, unused(alice, token), "srmRm gives the file's bytes back");
    }

    @Test
    @Order(6)
    void aPutLargerThanItsExpectedSizeIsRemovedAtPutDoneWhenTheRestDoesNotFit() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-putdone", 2000);
        String surl = surl("/shared/unannounced.bin");
        HttpgResponse put = alice.put(surl, token, -1);
        String request = SpecRequests.requestToken(put, "srmPrepareToPut");
        SrmSoap soap = new SrmSoap(site, aliceA, port());
        HttpgResponse ready = FullModeSites.pollUntilSettled(() -> soap.statusOfPutRequest(request),
                "srmStatusOfPutRequest");
        String turl = ready.text("statusArray/transferURL");
        assertNotNull(turl, ready.toString());
        Path data = OnDisk.randomFile(site.scratch("space").resolve("unannounced.bin"), 3000, 9);
        ClientRun upload = site.clients(aliceA).globusUrlCopy("file://" + data, turl);
        assertTrue(upload.ok(), upload.describe());
        HttpgResponse done = soap.putDone(request, surl);
        assertEquals(List.of("SRM_EXCEED_ALLOCATION"), SpecRequests.fileStatuses(done), done.toString());
        assertFalse(Files.exists(site.onDisk("/shared/unannounced.bin")), "the landed file was removed");
        assertEquals(2000, unused(alice, token));
    }

    @Test
    @Order(7)
    void filesChangeSpaceFollowMvAndRmAndStayWhenPurgedWithinTheirLifetime() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-change", 5000);
        Path local = OnDisk.randomFile(site.scratch("space").resolve("plain.bin"), 1000, 10);
        String surl = surl("/shared/plain.bin");
        ClientRun cp = site.clients(aliceA).gfal("gfal-copy", "file://" + local, surl);
        assertTrue(cp.ok(), cp.describe());
        assertEquals(5000, unused(alice, token), "a put without a token takes nothing");

        HttpgResponse change = alice.changeSpaceForFiles(token, List.of(surl, surl("/shared/missing.bin")));
        assertEquals("SRM_PARTIAL_SUCCESS", SpaceCalls.status(change, "srmChangeSpaceForFiles"), change.toString());
        assertEquals(List.of("SRM_SUCCESS", "SRM_INVALID_PATH"), SpecRequests.fileStatuses(change));
        assertEquals(4000, unused(alice, token));
        HttpgResponse other = as(bobB).changeSpaceForFiles(token, List.of(surl));
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(other, "srmChangeSpaceForFiles"));

        HttpgResponse extend = alice.extendFileLifeTimeInSpace(token, List.of(surl), 120);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(extend, "srmExtendFileLifeTimeInSpace"), extend.toString());
        int granted = Integer.parseInt(extend.text("statusArray/pinLifetime"));
        assertTrue(granted > 100 && granted <= 120, "the lifetime in the space granted from now: " + extend);

        HttpgResponse purge = alice.purgeFromSpace(token, List.of(surl));
        assertEquals(List.of("SRM_LAST_COPY"), SpecRequests.fileStatuses(purge), purge.toString());
        assertTrue(Files.exists(site.onDisk("/shared/plain.bin")));
        assertEquals(4000, unused(alice, token));

        String moved = surl("/shared/moved.bin");
        assertEquals("SRM_SUCCESS", SpaceCalls.status(new SrmSoap(site, aliceA, port()).mv(surl, moved), "srmMv"));
        assertEquals(4000, unused(alice, token), "a renamed file keeps its space");
        ClientRun rm = site.clients(aliceA).gfal("gfal-rm", moved);
        assertTrue(rm.ok(), rm.describe());
        assertEquals(5000, unused(alice, token), "srmRm of the renamed file gives its bytes back");
    }

    @Test
    @Order(8)
    void aStaticTokenIsAReservationThatCountsPutsAndCannotBeReleased() throws Exception {
        SpaceCalls alice = as(aliceA);
        assertEquals(List.of("SHARED"), SpaceCalls.tokenList(alice.tokens("shared disk")));
        HttpgResponse meta = alice.metaData("SHARED");
        assertEquals(-1, SpaceCalls.figure(meta, "lifetimeAssigned"), meta.toString());
        long before = SpaceCalls.figure(meta, "unusedSize");
        Path local = OnDisk.randomFile(site.scratch("space").resolve("static.bin"), 2500, 12);
        ClientRun cp = site.clients(bobB).gfal("gfal-copy", "-S", "shared disk", "file://" + local,
                surl("/shared/static.bin"));
        assertTrue(cp.ok(), cp.describe());
        assertEquals(before - 2500, unused(alice, "SHARED"), "a static token counts what is put into it");
        HttpgResponse outside = alice.put(surl("/alice/outside.bin"), "SHARED", 10);
        assertEquals(List.of("SRM_INVALID_REQUEST"), SpecRequests.fileStatuses(outside),
                "a put into a static token lands under its path: " + outside);
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(alice.release("SHARED"), "srmReleaseSpace"));
        assertEquals("SRM_AUTHORIZATION_FAILURE", SpaceCalls.status(alice.update("SHARED", 1, null),
                "srmUpdateSpace"));
    }

    /**
     * Issue 22 point 8: a reservation whose lifetime ran out is still described by srmGetSpaceMetaData, with
     * SRM_SPACE_LIFETIME_EXPIRED as that space's status and SRM_SUCCESS for the request (it was SRM_INVALID_REQUEST);
     * the calls that would use or change it answer SRM_SPACE_LIFETIME_EXPIRED, and it is no longer listed.
     */
    @Test
    @Order(8)
    void anExpiredSpaceIsDescribedWithSrmSpaceLifetimeExpiredAndTheRequestSucceeds() throws Exception {
        SpaceCalls alice = as(aliceA);
        Path local = OnDisk.randomFile(site.scratch("space").resolve("expiring.bin"), 1000, 13);
        ClientRun cp = site.clients(aliceA).gfal("gfal-copy", "file://" + local, surl("/shared/expiring.bin"));
        assertTrue(cp.ok(), cp.describe());
        HttpgResponse made = alice.reserve("alice-expiring", "REPLICA", "ONLINE", 10_000, 10_000, 1);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(made, "srmReserveSpace"), made.toString());
        String token = SpaceCalls.space(made);
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        HttpgResponse meta = alice.metaData(token);
        while (!"SRM_SPACE_LIFETIME_EXPIRED".equals(SpaceCalls.detailStatus(meta))) {
            assertTrue(System.nanoTime() < until, "the 1 s lifetime never ran out: " + meta);
            Thread.sleep(100);
            meta = alice.metaData(token);
        }
        assertEquals("SRM_SUCCESS", SpaceCalls.status(meta, "srmGetSpaceMetaData"), meta.toString());
        assertEquals(10_000, SpaceCalls.figure(meta, "totalSize"), "still described: " + meta);
        assertEquals(0, SpaceCalls.figure(meta, "lifetimeLeft"), meta.toString());
        HttpgResponse mixed = alice.metaData(token, "no-such-space");
        assertEquals("SRM_PARTIAL_SUCCESS", SpaceCalls.status(mixed, "srmGetSpaceMetaData"), mixed.toString());
        assertEquals(List.of("SRM_SPACE_LIFETIME_EXPIRED", "SRM_INVALID_REQUEST"),
                mixed.texts("spaceDataArray/status/statusCode"), mixed.toString());

        String expired = "SRM_SPACE_LIFETIME_EXPIRED";
        assertEquals(expired, SpaceCalls.status(alice.release(token), "srmReleaseSpace"));
        assertEquals(expired, SpaceCalls.status(alice.update(token, 20_000, 600), "srmUpdateSpace"));
        HttpgResponse put = alice.put(surl("/shared/into-expired.bin"), token, 10);
        assertEquals(expired, SpaceCalls.status(put, "srmPrepareToPut"), put.toString());
        List<String> file = List.of(surl("/shared/expiring.bin"));
        assertEquals(expired, SpaceCalls.status(alice.changeSpaceForFiles(token, file), "srmChangeSpaceForFiles"));
        assertEquals(expired, SpaceCalls.status(alice.extendFileLifeTimeInSpace(token, file, 60),
                "srmExtendFileLifeTimeInSpace"));
        assertEquals(expired, SpaceCalls.status(alice.purgeFromSpace(token, file), "srmPurgeFromSpace"));
        assertEquals("SRM_INVALID_REQUEST", SpaceCalls.status(alice.tokens("alice-expiring"), "srmGetSpaceTokens"),
                "an expired space is no longer listed");
        assertFalse(Files.exists(site.onDisk("/shared/into-expired.bin")));
    }

    @Test
    @Order(9)
    void reservationsAndTheirUsedBytesSurviveARestart() throws Exception {
        SpaceCalls alice = as(aliceA);
        String token = reserve(alice, "alice-restart", 5000);
        Path local = OnDisk.randomFile(site.scratch("space").resolve("kept.bin"), 1500, 11);
        ClientRun cp = site.clients(aliceA).gfal("gfal-copy", "-S", token, "file://" + local,
                surl("/shared/kept.bin"));
        assertTrue(cp.ok(), cp.describe());
        HttpgResponse open = alice.put(surl("/shared/open.bin"), token, 1000);
        assertFalse(SpecRequests.fileStatuses(open).contains("SRM_EXCEED_ALLOCATION"), open.toString());
        String openRequest = SpecRequests.requestToken(open, "srmPrepareToPut");
        assertEquals(2500, unused(alice, token));

        site.server().close();
        Map<String, String> again = new HashMap<>(site.settings());
        again.put("srm.port", "0");
        restarted = new SrmServer(ServerConfig.from(RawConfig.of(again)));
        restarted.start();

        SpaceCalls after = as(aliceA);
        HttpgResponse meta = after.metaData(token);
        assertEquals(5000, SpaceCalls.figure(meta, "totalSize"), meta.toString());
        assertEquals(2500, SpaceCalls.figure(meta, "unusedSize"), "the file and the open put still count");
        assertEquals(List.of(token), SpaceCalls.tokenList(after.tokens("alice-restart")));
        HttpgResponse abort = new SrmSoap(site, aliceA, port()).abortRequest(openRequest);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(abort, "srmAbortRequest"), abort.toString());
        assertEquals(3500, unused(after, token), "the put open across the restart gives its bytes back");
        HttpgResponse race = after.put(surl("/shared/after.bin"), token, 3501);
        assertEquals(List.of("SRM_EXCEED_ALLOCATION"), SpecRequests.fileStatuses(race), race.toString());
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.PostgresCluster;

/**
 * Frontends in full mode sharing one real PostgreSQL (Debian's, started by the test) and one namespace: a request
 * made through one frontend is polled, suspended, resumed, aborted and finished through frontend B, and what B did is
 * what the first answers next. Frontend A serves with the site's GridFTP doors; frontend Q's only door is a port
 * that refuses connections, so what is asked through Q stays queued until B resumes it and serves it.
 */
@Timeout(600)
@Tag("integration")
class TwoFrontendsShareOnePostgresTest {
    private static final List<String> GSIFTP = List.of("gsiftp");

    static PostgresCluster postgres;
    static E2eSite site;
    static SrmServer frontendB;
    static SrmServer frontendQ;
    static Socket refusing;
    static SpecRequests a;
    static SpecRequests b;
    static SpecRequests q;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresCluster.create();
        String url = postgres.createDatabase("srm");
        Map<String, String> settings = new java.util.HashMap<>(FullModeSites.onPostgres(url));
        settings.put("space.limit.user", "1000000"); // Alice, without VOMS attributes, reserves for her account
        site = E2eSite.start(settings);
        frontendB = site.frontend("b");
        refusing = new Socket(); // bound, never listening: connections to it are refused, and no one else takes it
        refusing.bind(new InetSocketAddress("127.0.0.1", 0));
        frontendQ = site.frontend("q", Map.of("gridftp.nodes", "gsiftp://127.0.0.1:" + refusing.getLocalPort(),
                "gridftp.probe.interval", "1s", "gridftp.probe.timeout", "1s"));
        a = new SpecRequests(new SrmSoap(site, site.alice(), site.port()));
        b = new SpecRequests(new SrmSoap(site, site.alice(), frontendB.port()));
        q = new SpecRequests(new SrmSoap(site, site.alice(), frontendQ.port()));
        Thread.sleep(2_500); // Q's door has been probed and found dead (no metric or log of Q's to wait on yet)
    }

    @AfterAll
    static void stop() throws Exception {
        if (frontendQ != null) {
            frontendQ.close();
        }
        if (refusing != null) {
            refusing.close();
        }
        if (frontendB != null) {
            frontendB.close();
        }
        if (site != null) {
            site.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aPutQueuedThroughQIsPolledSuspendedResumedAndFinishedThroughB() throws Exception {
        String surl = site.surl("/alice/through-b.bin");
        String token = SpecRequests.requestToken(q.put(List.of(surl), GSIFTP, 600), "srmPrepareToPut");
        assertStatus("SRM_REQUEST_QUEUED", b.status("Put", token, List.of()), "srmStatusOfPutRequest");

        assertStatus("SRM_SUCCESS", b.suspend(token), "srmSuspendRequest");
        assertStatus("SRM_REQUEST_SUSPENDED", q.status("Put", token, List.of()), "srmStatusOfPutRequest");
        HttpgResponse summary = q.summary(token);
        assertEquals("SRM_REQUEST_SUSPENDED", summary.text("arrayOfRequestSummaries/summaryArray/status/statusCode"),
                summary.toString());
        assertStatus("SRM_SUCCESS", b.resume(token), "srmResumeRequest"); // B's engine takes it and serves it

        HttpgResponse ready = FullModeSites.pollUntilSettled(() -> b.status("Put", token, List.of()),
                "srmStatusOfPutRequest");
        assertStatus("SRM_SUCCESS", ready, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(ready), ready.toString());
        String turl = ready.text("statusArray/transferURL");

        Path source = OnDisk.randomFile(site.scratch("two-frontends").resolve("up.bin"), 250_000, 61);
        ClientRun upload = site.clients(site.alice()).globusUrlCopy("file://" + source, turl);
        assertTrue(upload.ok(), upload.describe());
        HttpgResponse done = b.putDone(token, List.of(surl));
        assertStatus("SRM_SUCCESS", done, "srmPutDone");
        assertEquals(-1L, Files.mismatch(source, site.onDisk("/alice/through-b.bin")), "the file landed whole");

        HttpgResponse afterB = q.status("Put", token, List.of());
        assertEquals(List.of("SRM_SUCCESS"), SpecRequests.fileStatuses(afterB), "Q sees B's srmPutDone: " + afterB);
    }

    @Test
    void aGetMadeThroughAIsPolledAndReleasedThroughB() throws Exception {
        Path source = OnDisk.randomFile(site.scratch("two-frontends").resolve("get.bin"), 120_000, 62);
        ClientRun cp = site.clients(site.alice()).gfal("gfal-copy", "file://" + source, site.surl("/alice/get.bin"));
        assertTrue(cp.ok(), cp.describe());
        String surl = site.surl("/alice/get.bin");
        String token = SpecRequests.requestToken(a.get(List.of(surl), GSIFTP, 600), "srmPrepareToGet");

        HttpgResponse pinned = FullModeSites.pollUntilSettled(() -> b.status("Get", token, List.of()),
                "srmStatusOfGetRequest");
        assertStatus("SRM_SUCCESS", pinned, "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_FILE_PINNED"), SpecRequests.fileStatuses(pinned), pinned.toString());

        assertStatus("SRM_SUCCESS", b.release(token, List.of(surl)), "srmReleaseFiles");
        HttpgResponse released = a.status("Get", token, List.of());
        assertEquals(List.of("SRM_RELEASED"), SpecRequests.fileStatuses(released), "A sees B's release: " + released);
    }

    @Test
    void aRequestQueuedThroughQIsAbortedThroughBAndNoDataLands() throws Exception {
        String surl = site.surl("/alice/aborted.bin");
        String token = SpecRequests.requestToken(q.put(List.of(surl), GSIFTP, 600), "srmPrepareToPut");
        assertStatus("SRM_SUCCESS", b.abort(token), "srmAbortRequest");
        assertStatus("SRM_ABORTED", q.status("Put", token, List.of()), "srmStatusOfPutRequest");
        HttpgResponse done = q.putDone(token, List.of(surl));
        assertTrue(!"SRM_SUCCESS".equals(SpecRequests.status(done, "srmPutDone")),
                "no srmPutDone after abort: " + done);
        assertTrue(Files.notExists(site.onDisk("/alice/aborted.bin")), "no data lands");
    }

    @Test
    void putsThroughTwoFrontendsRacingForOneReservationGetExactlyWhatFits() throws Exception {
        SpaceCalls onA = new SpaceCalls(new SrmSoap(site, site.alice(), site.port()));
        SpaceCalls onB = new SpaceCalls(new SrmSoap(site, site.alice(), frontendB.port()));
        HttpgResponse made = onA.reserve("shared-race", 3000);
        assertEquals("SRM_SUCCESS", SpaceCalls.status(made, "srmReserveSpace"), made.toString());
        String space = SpaceCalls.space(made);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<HttpgResponse>> puts = new java.util.ArrayList<>();
            for (int i = 0; i < 6; i++) {
                SpaceCalls via = i % 2 == 0 ? onA : onB;
                String surl = site.surl("/alice/shared-race-" + i + ".bin");
                puts.add(pool.submit(() -> via.put(surl, space, 1000)));
            }
            List<String> admitted = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<HttpgResponse> f : puts) {
                HttpgResponse r = f.get();
                if (!SpecRequests.fileStatuses(r).contains("SRM_EXCEED_ALLOCATION")) {
                    admitted.add(SpecRequests.requestToken(r, "srmPrepareToPut"));
                }
            }
            assertEquals(3, admitted.size(), "exactly what fits, across both frontends");
            HttpgResponse full = onB.metaData(space);
            assertEquals(0, SpaceCalls.figure(full, "unusedSize"), full.toString());
            for (String token : admitted) {
                b.abort(token);
            }
            assertEquals(3000, SpaceCalls.figure(onA.metaData(space), "unusedSize"));
        } finally {
            pool.shutdownNow();
        }
    }
}

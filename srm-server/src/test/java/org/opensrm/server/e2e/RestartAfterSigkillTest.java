package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.LaunchedServer;
import org.opensrm.testkit.ClientRun;

/**
 * The server as operators run it (the launcher, its own JVM) in full mode on the embedded store, killed with
 * SIGKILL while requests are queued (its only GridFTP door went away, so no file can be served), suspended,
 * aborted and served (a file pinned, space available for an upload not done yet), then started again on the same
 * state directory with a door back: every token
 * answers the state it had, the queued work resumes and completes, and what ran out while the server was down has
 * expired: a put past its total request time has timed out instead of being served, and a pin shortened to 2 s
 * just before the kill has ended.
 */
@Timeout(600)
@Tag("integration")
class RestartAfterSigkillTest {
    private static final List<String> GSIFTP = List.of("gsiftp");
    private static final String GET = "srmStatusOfGetRequest";
    private static final String PUT = "srmStatusOfPutRequest";

    static E2eSite site;
    static Path work;
    static LaunchedServer server;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of()); // its own in-process server only seeds the file below
        work = site.base().resolve("restart");
        Path seed = OnDisk.randomFile(site.scratch("restart").resolve("seed.bin"), 400_000, 71);
        ClientRun cp = site.clients(site.alice()).gfal("gfal-copy", "file://" + seed, site.surl("/alice/seed.bin"));
        assertTrue(cp.ok(), cp.describe());
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            if (site != null) {
                site.close();
            }
        }
    }

    /** Full mode on {@code work}/state with {@code door} as the only GridFTP door, probed every second. */
    private static Map<String, String> fullMode(String door) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("srm.mode", "full");
        m.put("srm.state.dir", work.resolve("state").toString());
        m.put("gridftp.nodes", door);
        m.put("gridftp.probe.interval", "1s");
        m.put("gridftp.probe.timeout", "1s");
        m.put("srm.reaper.interval", "1s");
        return m;
    }

    private static SpecRequests alice() {
        return new SpecRequests(new SrmSoap(site, site.alice(), server.port()));
    }

    private static String surl(String path) {
        return E2eSite.surl(server.port(), path);
    }

    /** Waits (30 s at most) until the server's log has {@code line}. */
    private static void awaitInLog(String line) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!server.log().contains(line)) {
            assertTrue(System.nanoTime() < deadline, "not logged within 30 s: " + line + "\n" + server.log());
            Thread.sleep(100);
        }
    }

    /** srmPrepareToGet of {@code path} with a pin of an hour; its token. */
    private static String get(SpecRequests requests, String path) throws Exception {
        return SpecRequests.requestToken(requests.get(List.of(surl(path)), GSIFTP, 3600), "srmPrepareToGet");
    }

    /** srmPrepareToPut of {@code path} with a total request time of {@code seconds}; its token. */
    private static String put(SpecRequests requests, String path, int seconds) throws Exception {
        return SpecRequests.requestToken(requests.put(List.of(surl(path)), GSIFTP, seconds), "srmPrepareToPut");
    }

    @Test
    void everyTokenAnswersItsStateAfterSigkillAndQueuedWorkCompletes() throws Exception {
        server = site.launch(work, fullMode(site.doorA().node()), "server-1.log");
        SpecRequests a = alice();

        // Served before the kill: a get pinned, a put with space available (its upload not yet done).
        String pinned = get(a, "/alice/seed.bin");
        HttpgResponse pinnedBefore = FullModeSites.pollUntilSettled(() -> a.status("Get", pinned, List.of()), GET);
        assertEquals(List.of("SRM_FILE_PINNED"), SpecRequests.fileStatuses(pinnedBefore), pinnedBefore.toString());
        String shortPin = get(a, "/alice/seed.bin");
        FullModeSites.pollUntilSettled(() -> a.status("Get", shortPin, List.of()), GET);
        String uploading = put(a, "/alice/uploading.bin", 3600);
        HttpgResponse uploadingBefore = FullModeSites.pollUntilSettled(() -> a.status("Put", uploading, List.of()), PUT);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(uploadingBefore),
                uploadingBefore.toString());

        // Queued: the only door goes away; what is asked now cannot be served and waits (one suspended, one
        // aborted while they wait).
        site.doorA().close();
        awaitInLog("door " + site.doorA().node() + " is down"); // probed every second: known dead
        String suspended = put(a, "/alice/suspended.bin", 3600);
        assertStatus("SRM_SUCCESS", a.suspend(suspended), "srmSuspendRequest");
        String aborted = put(a, "/alice/aborted.bin", 3600);
        assertStatus("SRM_SUCCESS", a.abort(aborted), "srmAbortRequest");
        String queuedGet = get(a, "/alice/seed.bin");
        String queuedPut = put(a, "/alice/queued.bin", 3600);
        String shortLived = put(a, "/alice/short-lived.bin", 2);
        Thread.sleep(1_000); // an absence, over a window: with no door, nothing asked leaves the queue
        assertStatus("SRM_REQUEST_QUEUED", a.status("Get", queuedGet, List.of()), GET);
        assertStatus("SRM_REQUEST_QUEUED", a.status("Put", queuedPut, List.of()), PUT);
        HttpgResponse suspendedBefore = a.status("Put", suspended, List.of());
        assertStatus("SRM_REQUEST_SUSPENDED", suspendedBefore, PUT);
        HttpgResponse abortedBefore = a.status("Put", aborted, List.of());
        assertStatus("SRM_ABORTED", abortedBefore, PUT);

        HttpgResponse shortened = a.extend(shortPin, List.of(surl("/alice/seed.bin")), 2);
        assertStatus("SRM_SUCCESS", shortened, "srmExtendFileLifeTime");
        assertTrue(server.command().endsWith("/java"), "the process killed is the JVM: " + server.command());
        server.kill();
        Thread.sleep(2_500); // the short-lived put's 2 s and the short pin's run out while the server is down

        server = site.launch(work, fullMode(site.doorB().node()), "server-2.log");
        SpecRequests b = alice();
        HttpgResponse pinnedAfter = b.status("Get", pinned, List.of());
        assertEquals(SpecRequests.fileStatuses(pinnedBefore), SpecRequests.fileStatuses(pinnedAfter),
                pinnedAfter.toString());
        assertEquals(pinnedBefore.text("statusArray/transferURL"), pinnedAfter.text("statusArray/transferURL"));
        HttpgResponse uploadingAfter = b.status("Put", uploading, List.of());
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(uploadingAfter),
                uploadingAfter.toString());
        assertEquals(uploadingBefore.text("statusArray/transferURL"), uploadingAfter.text("statusArray/transferURL"));
        assertStatus("SRM_REQUEST_SUSPENDED", b.status("Put", suspended, List.of()), PUT);
        assertStatus("SRM_ABORTED", b.status("Put", aborted, List.of()), PUT);
        assertStatus("SRM_REQUEST_TIMED_OUT", b.status("Put", shortLived, List.of()), PUT);
        HttpgResponse expiredPin = b.status("Get", shortPin, List.of());
        assertEquals(List.of("SRM_FILE_LIFETIME_EXPIRED"), SpecRequests.fileStatuses(expiredPin),
                expiredPin.toString());

        // The queued work resumes on the door that is there now, and completes.
        HttpgResponse got = FullModeSites.pollUntilSettled(() -> b.status("Get", queuedGet, List.of()), GET);
        assertEquals(List.of("SRM_FILE_PINNED"), SpecRequests.fileStatuses(got), got.toString());
        String getTurl = got.text("statusArray/transferURL");
        assertTrue(getTurl.startsWith("gsiftp://localhost:" + site.doorB().port() + "/"), getTurl);
        Path back = site.scratch("restart").resolve("back.bin");
        ClientRun download = site.clients(site.alice()).globusUrlCopy(getTurl, "file://" + back);
        assertTrue(download.ok(), download.describe());
        assertEquals(-1L, Files.mismatch(site.onDisk("/alice/seed.bin"), back), "the same bytes");

        HttpgResponse space = FullModeSites.pollUntilSettled(() -> b.status("Put", queuedPut, List.of()), PUT);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(space), space.toString());
        ClientRun upload = site.clients(site.alice()).globusUrlCopy("file://" + back,
                space.text("statusArray/transferURL"));
        assertTrue(upload.ok(), upload.describe());
        assertStatus("SRM_SUCCESS", b.putDone(queuedPut, List.of(surl("/alice/queued.bin"))), "srmPutDone");
        assertEquals(-1L, Files.mismatch(back, site.onDisk("/alice/queued.bin")), "the queued put landed whole");

        // The suspended request resumes and is served too; the timed-out one never landed.
        assertStatus("SRM_SUCCESS", b.resume(suspended), "srmResumeRequest");
        HttpgResponse resumed = FullModeSites.pollUntilSettled(() -> b.status("Put", suspended, List.of()), PUT);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(resumed), resumed.toString());
        assertFalse(Files.exists(site.onDisk("/alice/short-lived.bin")));
        assertFalse(Files.exists(site.onDisk("/alice/aborted.bin")));
    }
}

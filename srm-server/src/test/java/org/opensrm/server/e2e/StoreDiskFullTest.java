package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Tag;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.SmallFileSystem;

/**
 * Full mode on the embedded store (SQLite) whose disk fills up: the state directory ({@code srm.state.dir}: the
 * store and the upload journal) is a tmpfs of 8 MiB which the test fills. A call that must write answers
 * SRM_INTERNAL_ERROR at once, saying that the store's disk is full (never a token for a request that was not
 * stored; srmPutDone, which lands the file, is no success unless recorded); what was answered with a
 * token before stays answerable; once space is back the server serves again by itself (no restart), the same
 * srmPutDone retried succeeds, the requests accepted before are served, and a whole gfal-copy goes through.
 */
@Timeout(300)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class StoreDiskFullTest {
    private static final List<String> GSIFTP = List.of("gsiftp");
    private static final long STATE_BYTES = 8L << 20;
    /** Puts tried on the full disk before the store must have run out of room (a WAL page holds a few requests). */
    private static final int MAX_PUTS = 3000;
    private static final long AT_ONCE_MS = 5_000;
    private static final List<String> ACCEPTED = List.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS",
            "SRM_SUCCESS");

    static Path state;
    static SmallFileSystem disk;
    static E2eSite site;
    static SpecRequests alice;

    @BeforeAll
    static void start() throws Exception {
        state = Files.createTempDirectory(Path.of("/tmp"), "opensrm-store-full-");
        disk = SmallFileSystem.mount(state, STATE_BYTES, "0755");
        site = E2eSite.start(Map.of("srm.mode", "full", "srm.state.dir", state.toString()));
        alice = new SpecRequests(new SrmSoap(site, site.alice()));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (site != null) {
                site.close();
            }
        } finally {
            if (disk != null) {
                disk.close();
            }
            Files.deleteIfExists(state);
        }
    }

    @Test
    void writesFailAtOnceWhileTheStoresDiskIsFullAndTheServerRecoversWhenSpaceIsBack() throws Exception {
        String before = SpecRequests.requestToken(alice.put(List.of(site.surl("/alice/before.bin")), GSIFTP, 3600),
                "srmPrepareToPut");
        HttpgResponse served = FullModeSites.pollUntilSettled(() -> alice.status("Put", before, List.of()),
                "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(served), served.toString());

        PutCycle cycle = new PutCycle(site, site.alice());
        String landing = site.surl("/alice/landing.bin");
        String putToken = cycle.prepared(landing, false, 0, 0);
        Path data = OnDisk.randomFile(site.scratch("store-full").resolve("landing.bin"), 100_000, 3);
        cycle.upload(putToken, data);

        disk.fill(0);
        List<String> accepted = new ArrayList<>();
        HttpgResponse refused = null;
        String refusedSurl = null;
        long slowest = 0;
        for (int i = 0; i < MAX_PUTS && refused == null; i++) {
            long t0 = System.nanoTime();
            String surl = site.surl("/alice/full-" + i + ".bin");
            HttpgResponse r = alice.put(List.of(surl), GSIFTP, 3600);
            slowest = Math.max(slowest, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            String status = SpecRequests.status(r, "srmPrepareToPut");
            if ("SRM_INTERNAL_ERROR".equals(status)) {
                refused = r;
                refusedSurl = surl;
            } else {
                assertTrue(ACCEPTED.contains(status), "accepted or refused, nothing else: " + r);
                accepted.add(SpecRequests.requestToken(r, "srmPrepareToPut"));
            }
        }
        assertNotNull(refused, "the store ran out of room within " + MAX_PUTS + " puts");
        System.out.printf("store disk full: %d puts accepted on the full disk before the first refusal; slowest "
                + "answer %d ms; refusal: %s%n", accepted.size(), slowest,
                refused.text("srmPrepareToPutResponse/returnStatus/explanation"));
        assertTrue(slowest < AT_ONCE_MS, "every answer at once, not after a hang: slowest " + slowest + " ms");
        String why = refused.text("srmPrepareToPutResponse/returnStatus/explanation");
        assertTrue(why != null && why.contains("disk is full"), "the refusal says why: " + refused);
        assertTrue(refused.text("srmPrepareToPutResponse/requestToken") == null
                || refused.text("srmPrepareToPutResponse/requestToken").isEmpty(), "no token for what was not stored: "
                + refused);

        HttpgResponse done = cycle.soap().putDone(putToken, landing); // recorded if the store found room, else refused
        List<String> codes = done.texts("statusCode");
        assertTrue(codes.stream().allMatch("SRM_SUCCESS"::equals)
                || codes.contains("SRM_INTERNAL_ERROR") && !codes.contains("SRM_SUCCESS")
                && done.toString().contains("disk is full"), "success only for what was recorded: " + done);
        System.out.println("store disk full: srmPutDone answered " + codes);

        HttpgResponse namespace = alice.ls(List.of(site.surl("/alice")));
        SpecRequests.assertStatus("SRM_SUCCESS", namespace, "srmLs"); // what needs no store write is served
        for (String token : accepted) {
            HttpgResponse s = alice.status("Put", token, List.of());
            assertTrue(ACCEPTED.contains(SpecRequests.status(s, "srmStatusOfPutRequest")),
                    "an accepted request is still known: " + s);
        }

        disk.free();
        HttpgResponse again = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int i = 0; System.nanoTime() < deadline; i++) {
            again = alice.put(List.of(site.surl("/alice/after-" + i + ".bin")), GSIFTP, 3600);
            if (!"SRM_INTERNAL_ERROR".equals(SpecRequests.status(again, "srmPrepareToPut"))) {
                break;
            }
            Thread.sleep(200); // a client's back-off between its retries
        }
        assertTrue(ACCEPTED.contains(SpecRequests.status(again, "srmPrepareToPut")),
                "new requests are accepted again without a restart: " + again);
        assertEquals("SRM_SUCCESS", cycle.putDone(putToken, landing), "the same srmPutDone, retried, is recorded");
        assertEquals(OnDisk.adler32(data), OnDisk.adler32(site.onDisk("/alice/landing.bin")));
        accepted.add(before);
        for (String token : accepted) {
            HttpgResponse s = FullModeSites.pollUntilSettled(() -> alice.status("Put", token, List.of()),
                    "srmStatusOfPutRequest");
            assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(s),
                    "the requests accepted before are served: " + s);
        }

        Path source = OnDisk.randomFile(site.scratch("store-full").resolve("after.bin"), 300_000, 7);
        ClientRun copy = site.clients(site.alice()).gfal("gfal-copy", "file://" + source,
                site.surl("/alice/copied-after.bin"));
        assertTrue(copy.ok(), copy.describe());
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/copied-after.bin")));
        HttpgResponse refusedTarget = alice.ls(List.of(refusedSurl));
        assertEquals(List.of("SRM_INVALID_PATH"), SpecRequests.fileStatuses(refusedTarget), refusedTarget.toString());
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ShiftedClock;

/**
 * Issue 22, point 5: a killed upload never keeps its directory. An upload is in progress while it is live: written
 * to within {@code srm.put.idle} (its default, 2 min), or holding every byte its client declared. While gfal-copy
 * streams, its directory is {@code SRM_NON_EMPTY_DIRECTORY} and srmLs lists the file {@code SRM_FILE_BUSY}; once
 * the client is killed (the door logs the cut stream as a complete transfer) and the idle time has passed (the
 * servers' clock is moved past it), the upload has stalled: srmLs no longer lists it ({@code SRM_INVALID_PATH},
 * saying why), srmRmdir removes the directory at once, the partial data is gone (an empty tombstone stays in the
 * staging area until the put expires) and the put's srmPutDone and status answer {@code SRM_ABORTED} naming the
 * srmRmdir. Both modes, POSIX (HDFS: {@code StagedUploadsOnHdfsTest}).
 */
@Timeout(300)
@Tag("integration")
class StalledUploadTest {
    private static final Duration IDLE = Duration.ofMinutes(2);
    /** Past the idle time, with room for what the door still wrote after the kill. */
    private static final Duration PAST_IDLE = IDLE.plusSeconds(30);
    private static final ShiftedClock CLOCK = new ShiftedClock();

    @RegisterExtension
    static final BothModes SITES = new BothModes(Map.of("srm.put.idle", IDLE.toMinutes() + "m"), CLOCK);

    @AfterEach
    void realTimeAgain() {
        CLOCK.reset();
    }

    private static String rmdir(SrmSoap soap, E2eSite site, String dir) throws Exception {
        return soap.rmdir(site.surl(dir)).text("srmRmdirResponse/returnStatus/statusCode");
    }

    private static HttpgResponse ls(SrmSoap soap, String surl) throws Exception {
        return soap.ls(surl, false, 0, -1, -1);
    }

    private static String status(HttpgResponse ls) {
        return ls.text("pathDetailArray/status/statusCode");
    }

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void aKilledGfalCopyStallsAndSrmRmdirThenRemovesItsDirectoryAndItsData(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        SrmSoap alice = new SrmSoap(site, site.alice());
        String dir = "/alice/killed-" + mode;
        String surl = site.surl(dir + "/f.bin");
        KilledUploads uploads = new KilledUploads(site, site.clients(site.alice()), E2eSite.ALICE_ACCOUNT,
                site.scratch("stalled-" + mode));

        KilledUploads.Killed k = uploads.kill(alice, "/alice", "killed-" + mode, "f.bin", true, upload -> {
            assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(alice, site, dir), "a live upload keeps its directory");
            assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(new SrmSoap(site, site.bob()), site, dir),
                    "for everyone");
            HttpgResponse busy = ls(alice, surl);
            assertEquals("SRM_FILE_BUSY", status(busy), busy::toString);
        });
        HttpgResponse justKilled = ls(alice, surl);
        assertEquals("SRM_FILE_BUSY", status(justKilled), "written just now: " + justKilled);
        assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(alice, site, dir), "nothing tells it yet from a live upload");

        CLOCK.advance(PAST_IDLE);
        HttpgResponse gone = ls(alice, surl);
        assertEquals("SRM_INVALID_PATH", status(gone), gone::toString);
        assertTrue(gone.text("pathDetailArray/status/explanation").contains("stalled"), gone::toString);
        assertEquals("SRM_SUCCESS", rmdir(alice, site, dir), "srmRmdir agrees with srmLs: the directory is empty");
        assertFalse(Files.exists(site.onDisk(dir)), "the directory is gone");

        assertTrue(Files.isDirectory(k.upload()), "the partial data is replaced by its tombstone");
        try (Stream<Path> inside = Files.list(k.upload())) {
            assertEquals(0, inside.count(), "the tombstone is empty");
        }
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)).stream()
                .filter(Files::isRegularFile).toList(), "no data is left in the staging area");

        HttpgResponse put = alice.statusOfPutRequest(k.token());
        String file = "srmStatusOfPutRequestResponse/arrayOfFileStatuses/statusArray/status/";
        assertEquals("SRM_ABORTED", put.text(file + "statusCode"), put::toString);
        assertTrue(put.text(file + "explanation").contains("srmRmdir removed " + dir), put::toString);
        HttpgResponse done = alice.putDone(k.token(), surl);
        String doneFile = "srmPutDoneResponse/arrayOfFileStatuses/statusArray/status/";
        assertEquals("SRM_ABORTED", done.text(doneFile + "statusCode"), done::toString);
        assertTrue(done.text(doneFile + "explanation").contains("stalled"), done::toString);
    }

    /**
     * Two finished transfers waiting for srmPutDone past the idle time, one declaring its size (as gfal2 does for a
     * regular file) and one not: the one holding every declared byte is still in progress (it keeps its directory
     * and is listed busy) and lands at srmPutDone; the other has stalled: its directory is removed, its put aborted.
     */
    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void anUploadHoldingEveryDeclaredByteNeverStalls(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        PutCycle puts = new PutCycle(site, site.alice());
        SrmSoap alice = puts.soap();
        String declaredDir = "/alice/declared-" + mode;
        String undeclaredDir = "/alice/undeclared-" + mode;
        for (String d : List.of(declaredDir, undeclaredDir)) {
            assertEquals("SRM_SUCCESS", alice.mkdir(site.surl(d)).text("srmMkdirResponse/returnStatus/statusCode"));
        }
        Path source = OnDisk.randomFile(site.scratch("declared-" + mode).resolve("f.bin"), 100_000, 9);
        String declaredSurl = site.surl(declaredDir + "/f.bin");
        String undeclaredSurl = site.surl(undeclaredDir + "/f.bin");
        String declared = puts.prepared(declaredSurl, false, 0, 0, Files.size(source));
        puts.upload(declared, source);
        String undeclared = puts.prepared(undeclaredSurl, false, 0, 0);
        puts.upload(undeclared, source);

        CLOCK.advance(PAST_IDLE);
        HttpgResponse stalled = ls(alice, undeclaredSurl);
        assertEquals("SRM_INVALID_PATH", status(stalled), stalled::toString);
        HttpgResponse complete = ls(alice, declaredSurl);
        assertEquals("SRM_FILE_BUSY", status(complete), "complete, waiting for srmPutDone: " + complete);
        assertEquals("SRM_NON_EMPTY_DIRECTORY", rmdir(alice, site, declaredDir));
        assertEquals("SRM_SUCCESS", rmdir(alice, site, undeclaredDir));
        assertEquals("SRM_ABORTED", puts.putDone(undeclared, undeclaredSurl));
        assertEquals("SRM_SUCCESS", puts.putDone(declared, declaredSurl));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk(declaredDir + "/f.bin")));
    }
}

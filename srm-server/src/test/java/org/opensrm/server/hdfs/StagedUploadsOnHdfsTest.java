package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ShiftedClock;

/**
 * The staging area on HDFS, at the SOAP level: an upload written (as Alice, where the TURL says, as a
 * GridFTP-HDFS door would) is not listed in its target's directory, keeps that directory from srmRmdir while it is
 * in progress and no longer once it has stalled (issue 22, point 5); after srmAbortRequest the upload is gone at
 * once and the directory removable; a second put of an open target is SRM_FILE_BUSY; and no SURL reaches the
 * staging area.
 */
@Timeout(300)
@Tag("integration")
class StagedUploadsOnHdfsTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();

    static HdfsSite site;
    static SoapCalls soap;

    @BeforeAll
    static void start() throws Exception {
        site = HdfsSite.start(HDFS.cluster(), Map.of());
        soap = new SoapCalls(site.grid(), site.alice(), site.server().port());
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
    }

    private static String code(HttpgResponse r, String path) {
        return r.text(path + "/statusCode");
    }

    private static void mkdir(String path) throws Exception {
        HttpgResponse r = soap.call("srmMkdir", "<srmMkdirRequest><SURL>" + site.surl(path)
                + "</SURL></srmMkdirRequest>");
        assertEquals("SRM_SUCCESS", code(r, "srmMkdirResponse/returnStatus"), r.toString());
    }

    private static HttpgResponse rmdir(String path) throws Exception {
        return soap.call("srmRmdir", "<srmRmdirRequest><SURL>" + site.surl(path) + "</SURL></srmRmdirRequest>");
    }

    /** The entries srmLs shows in a directory (the listing itself must succeed). */
    private static List<String> listed(String path) throws Exception {
        HttpgResponse r = soap.ls(site.surl(path), false, 1, -1, -1);
        assertEquals("SRM_SUCCESS", code(r, "srmLsResponse/returnStatus"), r.toString());
        return r.texts("arrayOfSubPaths/pathDetailArray/path");
    }

    @Test
    void anUploadInProgressIsNotListedAndKeepsItsDirectoryNonEmpty() throws Exception {
        mkdir("/alice/open");
        HttpgResponse put = soap.prepareToPut(site.surl("/alice/open/f.bin"), 0);
        String turl = put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
        org.apache.hadoop.fs.Path upload = site.writeAtTurl(HdfsSite.ALICE_ACCOUNT, turl, new byte[4096]);
        assertEquals(List.of(), listed("/alice/open"));
        HttpgResponse busy = soap.prepareToPut(site.surl("/alice/open/f.bin"), 0);
        assertEquals("SRM_FILE_BUSY", code(busy, "statusArray/status"), busy.toString());
        HttpgResponse refused = rmdir("/alice/open"); // issue 22, point 5: as srmLs says the file is busy
        assertEquals("SRM_NON_EMPTY_DIRECTORY", code(refused, "srmRmdirResponse/returnStatus"), refused.toString());
        assertTrue(site.superuser().exists(site.hdfs("/alice/open")), "the directory is kept");
        assertTrue(site.superuser().exists(upload), "the transfer's data is untouched");
    }

    @Test
    void anAbortedUploadIsGoneAtOnceAndItsDirectoryRemovable() throws Exception {
        mkdir("/alice/aborted");
        HttpgResponse put = soap.prepareToPut(site.surl("/alice/aborted/f.bin"), 0);
        String token = put.text("srmPrepareToPutResponse/requestToken");
        String turl = put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
        org.apache.hadoop.fs.Path upload = site.writeAtTurl(HdfsSite.ALICE_ACCOUNT, turl, new byte[4096]);
        HttpgResponse abort = soap.call("srmAbortRequest", "<srmAbortRequestRequest><requestToken>"
                + token + "</requestToken></srmAbortRequestRequest>");
        assertEquals("SRM_SUCCESS", code(abort, "srmAbortRequestResponse/returnStatus"), abort.toString());
        assertTrue(site.superuser().getFileStatus(upload).isDirectory(), "the data is replaced by a tombstone");
        HttpgResponse removed = rmdir("/alice/aborted");
        assertEquals("SRM_SUCCESS", code(removed, "srmRmdirResponse/returnStatus"), removed.toString());
        assertFalse(site.superuser().exists(site.hdfs("/alice/aborted")));
    }

    /**
     * Issue 22, point 5, on HDFS: an upload written (as a door would) and then left is in progress for
     * {@code srm.put.idle} (2 min) after its last write: its directory is not empty, srmLs lists it busy. Once that
     * has passed (the server's clock is moved past it), it has stalled: srmLs no longer lists it, srmRmdir removes
     * the directory, the data is gone (an empty tombstone stays in the staging area) and the put is
     * {@code SRM_ABORTED}. Both modes, each on a server of its own.
     */
    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void aStalledUploadNoLongerKeepsItsDirectory(String mode) throws Exception {
        ShiftedClock clock = new ShiftedClock();
        HdfsSite own = HdfsSite.create(HDFS.cluster());
        try {
            own.startServer(mode.equals("full") ? Map.of("srm.mode", "full") : Map.of(), clock);
            SoapCalls alice = new SoapCalls(own.grid(), own.alice(), own.server().port());
            String dir = "/alice/stalling-" + mode;
            String surl = own.surl(dir + "/f.bin");
            HttpgResponse made = alice.call("srmMkdir", "<srmMkdirRequest><SURL>" + own.surl(dir)
                    + "</SURL></srmMkdirRequest>");
            assertEquals("SRM_SUCCESS", code(made, "srmMkdirResponse/returnStatus"), made.toString());
            String token = alice.prepareToPut(surl, 0).text("srmPrepareToPutResponse/requestToken");
            org.apache.hadoop.fs.Path upload = own.writeAtTurl(HdfsSite.ALICE_ACCOUNT, turlOf(alice, token),
                    new byte[4096]);
            HttpgResponse live = alice.ls(surl, false, 0, -1, -1);
            assertEquals("SRM_FILE_BUSY", code(live, "pathDetailArray/status"), live.toString());
            HttpgResponse kept = rmdirOn(alice, own.surl(dir));
            assertEquals("SRM_NON_EMPTY_DIRECTORY", code(kept, "srmRmdirResponse/returnStatus"), kept.toString());

            clock.advance(Duration.ofMinutes(2).plusSeconds(30));
            HttpgResponse stalled = alice.ls(surl, false, 0, -1, -1);
            assertEquals("SRM_INVALID_PATH", code(stalled, "pathDetailArray/status"), stalled.toString());
            HttpgResponse removed = rmdirOn(alice, own.surl(dir));
            assertEquals("SRM_SUCCESS", code(removed, "srmRmdirResponse/returnStatus"), removed.toString());
            assertFalse(own.superuser().exists(own.hdfs(dir)), "the directory is gone");
            assertTrue(own.superuser().getFileStatus(upload).isDirectory(), "the data is replaced by a tombstone");
            assertEquals(0, own.superuser().listStatus(upload).length, "the tombstone is empty");
            HttpgResponse done = alice.putDone(token, surl);
            assertEquals("SRM_ABORTED", code(done, "srmPutDoneResponse/arrayOfFileStatuses/statusArray/status"),
                    done.toString());
        } finally {
            own.close();
        }
    }

    private static HttpgResponse rmdirOn(SoapCalls soap, String surl) throws Exception {
        return soap.call("srmRmdir", "<srmRmdirRequest><SURL>" + surl + "</SURL></srmRmdirRequest>");
    }

    /** The put's TURL, asking its status until it has one (full mode queues the put first). */
    private static String turlOf(SoapCalls soap, String token) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            HttpgResponse r = soap.statusOfPutRequest(token);
            String turl = r.text("srmStatusOfPutRequestResponse/arrayOfFileStatuses/statusArray/transferURL");
            if (turl != null && !turl.isEmpty()) {
                return turl;
            }
            assertTrue(System.nanoTime() < deadline, "no TURL within 60 s: " + r);
        }
    }

    @Test
    void noSurlReachesTheStagingArea() throws Exception {
        HttpgResponse ls = soap.ls(site.surl("/.srm-uploads"), false, 1, -1, -1);
        assertEquals("SRM_INVALID_PATH", code(ls, "pathDetailArray/status"), ls.toString());
        List<String> root = listed("/");
        assertTrue(root.contains("/alice") && !root.contains("/.srm-uploads"), "the root listing hides it: " + root);
    }
}

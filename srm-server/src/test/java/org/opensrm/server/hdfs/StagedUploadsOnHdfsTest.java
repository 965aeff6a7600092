package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.client.HttpgResponse;

/**
 * The staging area on HDFS, at the SOAP level: an upload written (as Alice, where the TURL says, as a
 * GridFTP-HDFS door would) is not listed in its target's directory and does not stop srmRmdir of it; after
 * srmAbortRequest the upload is gone at once and the directory removable; a second put of an open target is
 * SRM_FILE_BUSY; and no SURL reaches the staging area.
 */
@Timeout(300)
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

    @Test
    void noSurlReachesTheStagingArea() throws Exception {
        HttpgResponse ls = soap.ls(site.surl("/.srm-uploads"), false, 1, -1, -1);
        assertEquals("SRM_INVALID_PATH", code(ls, "pathDetailArray/status"), ls.toString());
        List<String> root = listed("/");
        assertTrue(root.contains("/alice") && !root.contains("/.srm-uploads"), "the root listing hides it: " + root);
    }
}

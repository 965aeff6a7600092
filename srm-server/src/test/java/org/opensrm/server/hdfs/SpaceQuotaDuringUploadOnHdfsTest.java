package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;
import org.opensrm.client.HttpgResponse;

/**
 * HDFS full during an upload: a space quota on the site's root (what HDFS answers when its space runs out for a
 * directory tree: the real {@code DSQuotaExceededException}), written at the put's TURL as a GridFTP-HDFS door
 * would. The writer's block allocation is refused part-way; the SURL shows nothing; srmPutDone (the size was
 * declared) answers SRM_FAILURE naming both sizes and removes the truncated upload; with the quota lifted the same
 * SURL takes the whole file.
 */
@Timeout(300)
@Tag("integration")
class SpaceQuotaDuringUploadOnHdfsTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();
    /** Two blocks of the test cluster's 1 MiB (one replica); the third is refused. */
    private static final long QUOTA = 2L << 20;

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

    /**
     * Writes {@code content} at {@code p} as Alice, in blocks of 1 MiB with one replica (the quota reserves a whole
     * block per allocation); returns the failure of the write or of its close, null when it went through.
     */
    private static IOException writeAsADoor(org.apache.hadoop.fs.Path p, byte[] content) throws IOException {
        IOException failed = null;
        org.apache.hadoop.fs.FSDataOutputStream out = site.as(HdfsSite.ALICE_ACCOUNT).create(p, false, 4096,
                (short) 1, 1L << 20);
        try {
            out.write(content);
        } catch (IOException e) {
            failed = e;
        }
        try {
            out.close();
        } catch (IOException e) {
            failed = failed == null ? e : failed;
        }
        return failed;
    }

    @Test
    void aWriteBeyondTheQuotaFailsAndPutDoneDiscardsWhatWasWritten() throws Exception {
        DistributedFileSystem dfs = (DistributedFileSystem) site.superuser();
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(site.root());
        String surl = site.surl("/alice/quota.bin");
        byte[] content = HdfsSite.randomBytes((3 << 20) + 1, 5);
        dfs.setQuota(root, HdfsConstants.QUOTA_DONT_SET, QUOTA);
        try {
            HttpgResponse put = soap.prepareToPut(surl, content.length);
            String token = put.text("srmPrepareToPutResponse/requestToken");
            String turl = put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
            org.apache.hadoop.fs.Path upload = new org.apache.hadoop.fs.Path(java.net.URI.create(turl).getPath());
            IOException refused = writeAsADoor(upload, content);
            assertTrue(String.valueOf(refused).contains("DSQuotaExceededException"), String.valueOf(refused));
            long written = site.superuser().getFileStatus(upload).getLen();
            assertTrue(written < content.length, "the truncated upload is staged: " + written + " bytes");
            assertFalse(site.superuser().exists(site.hdfs("/alice/quota.bin")), "and not at its SURL");

            HttpgResponse done = soap.putDone(token, surl);
            assertEquals("SRM_FAILURE", done.text("statusArray/status/statusCode"), done.toString());
            String why = done.text("statusArray/status/explanation");
            assertTrue(why.contains(content.length + " were declared") && why.contains("discarded"), done.toString());
            assertFalse(site.superuser().exists(upload), "the truncated upload is removed");
            assertFalse(site.superuser().exists(site.hdfs("/alice/quota.bin")));
            HttpgResponse ls = soap.ls(surl, false, 0, -1, -1);
            assertEquals("SRM_INVALID_PATH", ls.text("pathDetailArray/status/statusCode"), ls.toString());
        } finally {
            dfs.setQuota(root, HdfsConstants.QUOTA_DONT_SET, HdfsConstants.QUOTA_RESET);
        }

        HttpgResponse again = soap.prepareToPut(surl, content.length);
        String token = again.text("srmPrepareToPutResponse/requestToken");
        String turl = again.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
        IOException none = writeAsADoor(new org.apache.hadoop.fs.Path(java.net.URI.create(turl).getPath()), content);
        assertEquals(null, none, "the whole file fits without the quota");
        HttpgResponse done = soap.putDone(token, surl);
        assertEquals("SRM_SUCCESS", done.text("statusArray/status/statusCode"), done.toString());
        assertEquals(content.length, site.superuser().getFileStatus(site.hdfs("/alice/quota.bin")).getLen());
    }
}

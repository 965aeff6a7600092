package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.opensrm.backend.hdfs.DevHdfsCluster;
import org.opensrm.client.HttpgResponse;

/**
 * The HDFS NameNode stopped and started again under a running server (MiniDFSCluster's shutdownNameNode and
 * restartNameNode, on a cluster of this class's own, the DataNode kept running). While it is gone, every call
 * that needs it is answered SRM_INTERNAL_ERROR (the status gfal2 retries) within a bound, saying that the storage's
 * NameNode cannot be reached, with no stack trace; a put's srmPutDone lands nothing. Once it is back, the same
 * server (not restarted) serves every call again and the put lands; what was refused left nothing in HDFS.
 */
@Timeout(300)
@Tag("integration")
class NameNodeRestartTest {
    /** Hadoop's client gives up on a refused NameNode after ipc.client.connect.max.retries (10, 1 s apart). */
    private static final long BOUND_MS = 30_000;

    static DevHdfsCluster cluster;
    static HdfsSite site;
    static SoapCalls soap;

    @BeforeAll
    static void start() throws Exception {
        Path base = Path.of(System.getProperty("test.build.data", "target/test/data"), "srm-nn-restart-"
                + UUID.randomUUID()).toAbsolutePath();
        cluster = DevHdfsCluster.start(base, "/srm", 0, Map.of("dfs.blocksize", Integer.toString(1 << 20)));
        site = HdfsSite.start(cluster, Map.of());
        soap = new SoapCalls(site.grid(), site.alice(), site.server().port());
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (site != null) {
                site.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    void callsWhileTheNameNodeIsDownFailRetryablyAndWorkAgainWithoutRestartingTheServer() throws Exception {
        assertEquals("SRM_SUCCESS", mkdir("/alice/before"));
        byte[] content = HdfsSite.randomBytes((1 << 20) + 5, 3);
        String surl = site.surl("/alice/landed.bin");
        HttpgResponse put = soap.prepareToPut(surl, content.length);
        String token = put.text("srmPrepareToPutResponse/requestToken");
        String turl = put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
        assertNotNull(turl, put.toString());
        site.writeAtTurl(HdfsSite.ALICE_ACCOUNT, turl, content);

        cluster.stopNameNode();
        try {
            assertRetryable("srmLs", () -> soap.ls(site.surl("/alice"), false, 1, -1, -1));
            assertRetryable("srmMkdir", () -> soap.call("srmMkdir", "<srmMkdirRequest><SURL>"
                    + site.surl("/alice/during") + "</SURL></srmMkdirRequest>"));
            assertRetryable("srmPutDone", () -> soap.putDone(token, surl));
            assertRetryable("srmPrepareToPut", () -> soap.prepareToPut(site.surl("/alice/during.bin"), 10));
        } finally {
            cluster.restartNameNode();
        }

        long t0 = System.nanoTime();
        String after = mkdir("/alice/after");
        while ("SRM_INTERNAL_ERROR".equals(after) && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60)) {
            Thread.sleep(500); // the restarted NameNode leaves safe mode once the DataNode has reported
            after = mkdir("/alice/after");
        }
        assertEquals("SRM_SUCCESS", after, "served again by the same server");
        System.out.printf("NameNode restart: calls served again %d ms after the restart returned%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        HttpgResponse done = soap.putDone(token, surl);
        assertEquals("SRM_SUCCESS", done.text("statusArray/status/statusCode"), done.toString());
        assertEquals(content.length, site.superuser().getFileStatus(site.hdfs("/alice/landed.bin")).getLen());

        HttpgResponse ls = soap.ls(site.surl("/alice"), false, 1, -1, -1);
        assertEquals("SRM_SUCCESS", ls.text("srmLsResponse/returnStatus/statusCode"), ls.toString());
        List<String> listed = ls.texts("arrayOfSubPaths/pathDetailArray/path");
        assertEquals(List.of("/alice/after", "/alice/before", "/alice/landed.bin"),
                listed.stream().sorted().toList(), ls.toString());
        assertFalse(site.superuser().exists(site.hdfs("/alice/during")));
        assertFalse(site.superuser().exists(site.hdfs("/alice/during.bin")));
    }

    private static String mkdir(String path) throws Exception {
        HttpgResponse r = soap.call("srmMkdir", "<srmMkdirRequest><SURL>" + site.surl(path)
                + "</SURL></srmMkdirRequest>");
        return r.text("srmMkdirResponse/returnStatus/statusCode");
    }

    @FunctionalInterface
    private interface Call {
        HttpgResponse run() throws Exception;
    }

    /**
     * The call is answered within {@link #BOUND_MS}, every status in it (request and files) is SRM_INTERNAL_ERROR
     * or the request-level summary of such files, it names the NameNode, and it carries no stack trace.
     */
    private static void assertRetryable(String op, Call call) throws Exception {
        long t0 = System.nanoTime();
        HttpgResponse r = call.run();
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.printf("NameNode down: %s answered in %d ms: %s%n", op, ms, r.texts("statusCode"));
        assertTrue(ms < BOUND_MS, op + " answered in " + ms + " ms, beyond the bound");
        List<String> codes = r.texts("statusCode");
        assertTrue(codes.contains("SRM_INTERNAL_ERROR"), op + ": " + r);
        assertTrue(codes.stream().noneMatch(c -> c.equals("SRM_SUCCESS") || c.equals("SRM_SPACE_AVAILABLE")
                || c.equals("SRM_INVALID_PATH")), op + " claims nothing it did not do: " + r);
        assertTrue(r.toString().contains("NameNode"), op + " says why: " + r);
        assertFalse(r.toString().contains("Exception") || r.toString().contains("\tat "), op + ": " + r);
    }
}

package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.hdfs.HdfsBackendConfig;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * Scale-out: two SRM servers (own ports, own state directories, the same {@code srm.token.key}) in front of the
 * same HDFS directory serve one namespace, and a put prepared on one is finished on the other. A third server
 * with another key stands for a foreign frontend: tokens it signs are refused by both. As everywhere in this
 * package, <b>the test writes each upload into HDFS itself</b> at the TURL's path, as Alice's account, where a
 * GridFTP-HDFS door would have written it.
 */
@Timeout(300)
@Tag("integration")
class TwoFrontendsShareOneHdfsNamespaceTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();

    static HdfsSite site;
    static SrmServer first;
    static SrmServer second;
    static SrmServer foreign;

    @BeforeAll
    static void start() throws Exception {
        site = HdfsSite.start(HDFS.cluster(), Map.of());
        first = site.server();
        second = site.startServer(Map.of());
        foreign = site.startServer(Map.of("srm.token.key", "another-frontend-key-9876543210"));
        assertNotEquals(first.port(), second.port());
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aDirectoryMadeThroughOneFrontendIsListedThroughTheOther() throws Exception {
        SrmClients alice = site.clients(site.alice());
        ClientRun mk = alice.gfal("gfal-mkdir", "-p", HdfsSite.surl(first, "/alice/shared/sub"));
        assertTrue(mk.ok(), mk.describe());
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/shared/file.dat"), HdfsSite.randomBytes(5, 1));
        ClientRun ls = alice.gfal("gfal-ls", HdfsSite.surl(second, "/alice/shared"));
        assertTrue(ls.ok(), ls.describe());
        assertEquals(List.of("file.dat", "sub"), GfalOnHdfsNamespaceOperationsTest.results(ls).stream().sorted()
                .toList(), ls.describe());
        ClientRun rm = alice.gfal("gfal-rm", HdfsSite.surl(second, "/alice/shared/file.dat"));
        assertTrue(rm.ok(), rm.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/shared/file.dat")));
    }

    @Test
    void aPutPreparedOnOneFrontendIsFinishedOnTheOther() throws Exception {
        SoapCalls onFirst = soap(first);
        SoapCalls onSecond = soap(second);
        byte[] content = HdfsSite.randomBytes(1_500_000, 21);
        String expected = HdfsSite.adler32(content);

        HttpgResponse put = onFirst.prepareToPut(HdfsSite.surl(first, "/alice/across.bin"), content.length);
        assertEquals("SRM_SPACE_AVAILABLE",
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/status/statusCode"), put.toString());
        String token = put.text("srmPrepareToPutResponse/requestToken");
        Path upload = site.writeAtTurl(HdfsSite.ALICE_ACCOUNT,
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL"), content);

        HttpgResponse status = onSecond.statusOfPutRequest(token);
        assertEquals("SRM_SPACE_AVAILABLE",
                status.text("srmStatusOfPutRequestResponse/arrayOfFileStatuses/statusArray/status/statusCode"),
                "the other frontend knows the put from its token alone: " + status);

        HttpgResponse done = onSecond.putDone(token, HdfsSite.surl(second, "/alice/across.bin"));
        assertEquals("SRM_SUCCESS", done.text("srmPutDoneResponse/returnStatus/statusCode"), done.toString());

        FileStatus target = site.superuser().getFileStatus(site.hdfs("/alice/across.bin"));
        assertEquals(content.length, target.getLen());
        assertEquals(HdfsSite.ALICE_ACCOUNT, target.getOwner());
        assertFalse(site.superuser().exists(upload), "the hidden upload is gone");
        assertNotNull(site.superuser().getXAttr(site.hdfs("/alice/across.bin"),
                HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR), "adler32 recorded in HDFS");

        for (SrmServer s : List.of(first, second)) {
            HttpgResponse ls = soap(s).ls(HdfsSite.surl(s, "/alice/across.bin"), true, 0, -1, -1);
            assertEquals("SRM_SUCCESS", ls.text("srmLsResponse/returnStatus/statusCode"), ls.toString());
            assertEquals(expected, ls.text("srmLsResponse/details/pathDetailArray/checkSumValue").toLowerCase(),
                    "port " + s.port() + ": " + ls);
        }
    }

    @Test
    void aTokenSignedWithAnotherKeyIsRefusedByBothFrontends() throws Exception {
        byte[] content = HdfsSite.randomBytes(1000, 31);
        HttpgResponse put = soap(foreign).prepareToPut(HdfsSite.surl(foreign, "/alice/forged.bin"),
                content.length);
        assertEquals("SRM_SPACE_AVAILABLE",
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/status/statusCode"), put.toString());
        String token = put.text("srmPrepareToPutResponse/requestToken");
        Path upload = site.writeAtTurl(HdfsSite.ALICE_ACCOUNT,
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL"), content);

        for (SrmServer s : List.of(first, second)) {
            HttpgResponse status = soap(s).statusOfPutRequest(token);
            assertEquals("SRM_INVALID_REQUEST", status.text("srmStatusOfPutRequestResponse/returnStatus/statusCode"),
                    "port " + s.port() + ": " + status);
            HttpgResponse done = soap(s).putDone(token, HdfsSite.surl(s, "/alice/forged.bin"));
            assertEquals("SRM_INVALID_REQUEST", done.text("srmPutDoneResponse/returnStatus/statusCode"),
                    "port " + s.port() + ": " + done);
        }
        assertFalse(site.superuser().exists(site.hdfs("/alice/forged.bin")), "nothing was put in place");
        assertTrue(site.superuser().exists(upload), "the upload is left for the frontend that owns the put");

        HttpgResponse own = soap(foreign).putDone(token, HdfsSite.surl(foreign, "/alice/forged.bin"));
        assertEquals("SRM_SUCCESS", own.text("srmPutDoneResponse/returnStatus/statusCode"),
                "the signing frontend itself accepts it: " + own);
    }

    private static SoapCalls soap(SrmServer server) {
        return new SoapCalls(site.grid(), site.alice(), server.port());
    }
}

package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
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
import org.opensrm.testkit.ClientRun;

/**
 * A put on HDFS, end to end at the SOAP level: srmPrepareToPut hands out a TURL naming an upload in Alice's
 * directory of the staging area ({@code /.srm-uploads/srmuser1}, mode 0700, in a sticky drop box); <b>the test writes the upload into HDFS itself</b>, as Alice's account, at the path the TURL names —
 * where a GridFTP door with an HDFS storage interface would have written it (the door here only answers the
 * probe's banner); srmPutDone renames it into place and records its adler32. The checksum the server then
 * reports (srmLs, and gfal2's own checksum call) must equal the one the test computes from the bytes it wrote.
 */
@Timeout(300)
@Tag("integration")
class PutDoneOnHdfsRecordsAdler32Test {
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

    @Test
    void putDoneRenamesTheUploadIntoPlaceOwnedByTheAccountAndSrmLsReportsItsAdler32() throws Exception {
        String surl = site.surl("/alice/put.bin");
        byte[] content = HdfsSite.randomBytes(3 * 1024 * 1024 + 17, 11);
        String expected = HdfsSite.adler32(content);

        HttpgResponse put = soap.prepareToPut(surl, content.length);
        assertEquals("SRM_SPACE_AVAILABLE",
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/status/statusCode"), put.toString());
        String token = put.text("srmPrepareToPutResponse/requestToken");
        String turl = put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL");
        assertNotNull(token, put.toString());
        assertTrue(turl.startsWith("gsiftp://localhost:")
                        && turl.contains(site.root() + "/.srm-uploads/" + HdfsSite.ALICE_ACCOUNT + "/.srmput-"),
                "TURL names an upload in Alice's staging directory under backend.root: " + turl);
        var staging = site.superuser().getFileStatus(site.hdfs("/.srm-uploads"));
        assertEquals(01733, staging.getPermission().toShort(), "the staging area is a sticky drop box: "
                + staging.getPermission());
        var own = site.superuser().getFileStatus(site.hdfs("/.srm-uploads/" + HdfsSite.ALICE_ACCOUNT));
        assertEquals(HdfsSite.ALICE_ACCOUNT, own.getOwner());
        assertEquals("rwx------", own.getPermission().toString());

        Path upload = site.writeAtTurl(HdfsSite.ALICE_ACCOUNT, turl, content);
        assertFalse(site.superuser().exists(site.hdfs("/alice/put.bin")), "nothing at the target before PutDone");

        HttpgResponse done = soap.putDone(token, surl);
        assertEquals("SRM_SUCCESS", done.text("srmPutDoneResponse/returnStatus/statusCode"), done.toString());
        assertEquals("SRM_SUCCESS",
                done.text("srmPutDoneResponse/arrayOfFileStatuses/statusArray/status/statusCode"), done.toString());

        FileStatus target = site.superuser().getFileStatus(site.hdfs("/alice/put.bin"));
        assertEquals(content.length, target.getLen());
        assertEquals(HdfsSite.ALICE_ACCOUNT, target.getOwner(), "HDFS owner of the file PutDone put in place");
        assertFalse(site.superuser().exists(upload), "the hidden upload is gone");
        byte[] xattr = site.superuser().getXAttr(site.hdfs("/alice/put.bin"), HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR);
        assertNotNull(xattr, "adler32 recorded in " + HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR);
        assertTrue(new String(xattr, StandardCharsets.UTF_8).toLowerCase().contains(expected),
                "the xattr holds the adler32 " + expected + ": " + new String(xattr, StandardCharsets.UTF_8));

        HttpgResponse ls = soap.ls(surl, true, 0, -1, -1);
        assertEquals("SRM_SUCCESS", ls.text("srmLsResponse/returnStatus/statusCode"), ls.toString());
        assertEquals("ADLER32", ls.text("srmLsResponse/details/pathDetailArray/checkSumType").toUpperCase(),
                ls.toString());
        assertEquals(expected, ls.text("srmLsResponse/details/pathDetailArray/checkSumValue").toLowerCase(),
                ls.toString());
        assertEquals(Long.toString(content.length), ls.text("srmLsResponse/details/pathDetailArray/size"));

        HttpgResponse status = soap.statusOfPutRequest(token);
        assertEquals("SRM_SUCCESS",
                status.text("srmStatusOfPutRequestResponse/arrayOfFileStatuses/statusArray/status/statusCode"),
                "a finished put reports success: " + status);
    }

    /**
     * gfal2 asks the SRM for the checksum first and falls back to the GridFTP door's CKSM only when the srmLs
     * answer has none; this site's door transfers nothing and answers no command, so a correct answer here came
     * from the SRM.
     */
    @Test
    void gfalChecksumOfAFinishedPutIsTheRecordedAdler32() throws Exception {
        String surl = site.surl("/alice/sum.bin");
        byte[] content = HdfsSite.randomBytes(70_001, 12);
        HttpgResponse put = soap.prepareToPut(surl, content.length);
        String token = put.text("srmPrepareToPutResponse/requestToken");
        site.writeAtTurl(HdfsSite.ALICE_ACCOUNT,
                put.text("srmPrepareToPutResponse/arrayOfFileStatuses/statusArray/transferURL"), content);
        HttpgResponse done = soap.putDone(token, surl);
        assertEquals("SRM_SUCCESS", done.text("srmPutDoneResponse/returnStatus/statusCode"), done.toString());

        ClientRun sum = site.clients(site.alice()).gfalPython("import sys, gfal2\n"
                + "ctx = gfal2.creat_context()\n"
                + "print(ctx.checksum(sys.argv[1], 'ADLER32'))\n", surl);
        assertTrue(sum.ok(), sum.describe());
        assertEquals(HdfsSite.adler32(content), sum.stdout().strip().toLowerCase(), sum.describe());
    }
}

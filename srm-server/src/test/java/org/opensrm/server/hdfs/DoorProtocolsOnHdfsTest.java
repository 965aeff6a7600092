package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.client.HttpgResponse;

/**
 * What a client asking for {@code root} or {@code https} TURLs gets on HDFS, where the site runs only GridFTP doors
 * (Debian's XRootD has no storage plug-in that writes HDFS; docs/hdfs.md, section 7): srmGetTransferProtocols lists
 * {@code gsiftp} alone; a get or put asking only {@code root,https} is {@code SRM_NOT_SUPPORTED}, for the request and
 * the file, naming what is offered, with no TURL; asking {@code root,gsiftp} gets the GridFTP door's TURL.
 */
@Timeout(300)
@Tag("integration")
class DoorProtocolsOnHdfsTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();

    static HdfsSite site;
    static SoapCalls soap;

    @BeforeAll
    static void start() throws Exception {
        site = HdfsSite.start(HDFS.cluster(), Map.of());
        soap = new SoapCalls(site.grid(), site.alice(), site.server().port());
        site.superuser().create(site.hdfs("/alice/here.bin")).close();
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
    }

    private static String protocols(List<String> names) {
        StringBuilder b = new StringBuilder("<transferParameters><arrayOfTransferProtocols>");
        names.forEach(n -> b.append("<stringArray>").append(n).append("</stringArray>"));
        return b.append("</arrayOfTransferProtocols></transferParameters>").toString();
    }

    private static HttpgResponse get(String path, List<String> names) throws Exception {
        return soap.call("srmPrepareToGet", "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray><sourceSURL>"
                + SoapCalls.xml(site.surl(path)) + "</sourceSURL></requestArray></arrayOfFileRequests>"
                + protocols(names) + "</srmPrepareToGetRequest>");
    }

    private static HttpgResponse put(String path, List<String> names) throws Exception {
        return soap.call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray><targetSURL>"
                + SoapCalls.xml(site.surl(path)) + "</targetSURL></requestArray></arrayOfFileRequests>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType>" + protocols(names)
                + "</srmPrepareToPutRequest>");
    }

    @Test
    void onlyGsiftpIsOffered() throws Exception {
        HttpgResponse r = soap.call("srmGetTransferProtocols",
                "<srmGetTransferProtocolsRequest></srmGetTransferProtocolsRequest>");
        assertEquals("SRM_SUCCESS", r.text("srmGetTransferProtocolsResponse/returnStatus/statusCode"), r.toString());
        assertEquals(List.of("gsiftp"), r.texts("transferProtocol"), r.toString());
    }

    @Test
    void aGetOrPutAskingOnlyForXrootdProtocolsIsNotSupportedAndGetsNoTurl() throws Exception {
        for (HttpgResponse r : List.of(get("/alice/here.bin", List.of("root", "https")),
                put("/alice/new.bin", List.of("root", "davs")))) {
            String op = r.text("srmPrepareToGetResponse/returnStatus/statusCode") != null
                    ? "srmPrepareToGetResponse" : "srmPrepareToPutResponse";
            assertEquals("SRM_NOT_SUPPORTED", r.text(op + "/returnStatus/statusCode"), r.toString());
            assertTrue(r.text(op + "/returnStatus/explanation").contains("gsiftp"), "names what is offered: " + r);
            List<String> files = r.texts("statusArray/status/statusCode");
            assertTrue(files.isEmpty() || files.equals(List.of("SRM_NOT_SUPPORTED")), r.toString());
            String turl = r.text("transferURL");
            assertTrue(turl == null || turl.isEmpty(), "no TURL (nil): " + r);
        }
        assertTrue(!site.superuser().exists(site.hdfs("/alice/new.bin")));
    }

    @Test
    void aClientThatAlsoAcceptsGsiftpGetsTheGridFtpDoor() throws Exception {
        HttpgResponse r = get("/alice/here.bin", List.of("root", "gsiftp"));
        String turl = r.text("transferURL");
        assertTrue(turl != null && turl.startsWith("gsiftp://localhost:"), r.toString());
    }
}

package org.opensrm.server.hdfs;

import java.io.IOException;
import java.util.Map;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.GsoapEnvelope;
import org.opensrm.testkit.TestGrid;

/**
 * SRM calls sent by the test itself over httpg to one server, in the shape gfal2 sends them (rpc/encoded style:
 * wrapper in the SRM namespace, unqualified parts; see the gfal2 captures), for assertions on the SOAP answers.
 */
final class SoapCalls {
    private static final String PATH = "/srm/managerv2";

    private final HttpgClient client;
    private final int port;

    SoapCalls(TestGrid grid, GridUser user, int port) {
        this.client = new HttpgClient(user.proxyFile(), grid.trustDir()).withTimeoutMillis(30_000);
        this.port = port;
    }

    /** srmLs of one SURL; {@code offset}/{@code count} are left out when negative. */
    HttpgResponse ls(String surl, boolean fullDetail, int levels, int offset, int count)
            throws IOException {
        return call("srmLs", lsRequest(surl, fullDetail, levels, offset, count));
    }

    static String lsRequest(String surl, boolean fullDetail, int levels, int offset, int count) {
        return "<srmLsRequest><arrayOfSURLs><urlArray>" + xml(surl) + "</urlArray></arrayOfSURLs>"
                + "<fullDetailedList>" + fullDetail + "</fullDetailedList><numOfLevels>" + levels + "</numOfLevels>"
                + (offset >= 0 ? "<offset>" + offset + "</offset>" : "")
                + (count >= 0 ? "<count>" + count + "</count>" : "")
                + "</srmLsRequest>";
    }

    /** srmPrepareToPut of one SURL as gfal-copy sends it (gsiftp first among the protocols). */
    HttpgResponse prepareToPut(String surl, long expectedSize) throws IOException {
        return call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray><targetSURL>"
                + xml(surl) + "</targetSURL><expectedFileSize>" + expectedSize + "</expectedFileSize></requestArray>"
                + "</arrayOfFileRequests><desiredTotalRequestTime>3600</desiredTotalRequestTime>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType><transferParameters>"
                + "<arrayOfTransferProtocols><stringArray>gsiftp</stringArray><stringArray>https</stringArray>"
                + "</arrayOfTransferProtocols></transferParameters></srmPrepareToPutRequest>");
    }

    HttpgResponse statusOfPutRequest(String token) throws IOException {
        return call("srmStatusOfPutRequest", "<srmStatusOfPutRequestRequest><requestToken>" + xml(token)
                + "</requestToken></srmStatusOfPutRequestRequest>");
    }

    HttpgResponse putDone(String token, String surl) throws IOException {
        return call("srmPutDone", "<srmPutDoneRequest><requestToken>" + xml(token) + "</requestToken>"
                + "<arrayOfSURLs><urlArray>" + xml(surl) + "</urlArray></arrayOfSURLs></srmPutDoneRequest>");
    }

    HttpgResponse call(String operation, String request) throws IOException {
        HttpgResponse r = client.post("localhost", port, PATH, headers(port), envelope(operation, request));
        if (r.status() != 200) {
            throw new IOException(operation + " answered " + r);
        }
        return r;
    }

    static Map<String, String> headers(int port) {
        return Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\"", "Host", "localhost:" + port);
    }

    static byte[] envelope(String operation, String request) {
        return GsoapEnvelope.of(operation, request);
    }

    static String xml(String s) {
        return GsoapEnvelope.text(s);
    }
}

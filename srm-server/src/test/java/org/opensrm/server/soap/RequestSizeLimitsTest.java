package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * {@code srm.request.max.items} over the real transport and composition: every bulk operation with one SURL or file
 * request too many is answered {@code SRM_INVALID_REQUEST} in its own response type, naming the limit; at the limit
 * it runs. A gzip-encoded body is refused with HTTP 415.
 */
class RequestSizeLimitsTest {
    private static final int LIMIT = 5;
    private static final Map<String, String> HEADERS = Map.of("Content-Type", "text/xml; charset=utf-8",
            "SOAPAction", "\"\"");

    static RealSrmSite site;

    @BeforeAll
    static void start() throws Exception {
        site = RealSrmSite.start(Map.of("srm.request.max.items", Integer.toString(LIMIT)));
    }

    @AfterAll
    static void stop() throws Exception {
        site.close();
    }

    private static HttpgResponse call(String operation, String request) throws Exception {
        return post(GsoapEnvelope.of(operation, request), HEADERS);
    }

    private static HttpgResponse post(byte[] body, Map<String, String> headers) throws Exception {
        return site.client().post("127.0.0.1", site.port(), "/srm/managerv2", headers, body);
    }

    private static String repeat(int n, String element) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(element.replace("#", Integer.toString(i)));
        }
        return out.toString();
    }

    private static String surls(int n) {
        return "<arrayOfSURLs>" + repeat(n, "<urlArray>srm://127.0.0.1/f#</urlArray>") + "</arrayOfSURLs>";
    }

    private static void assertRefused(HttpgResponse r, String response) {
        assertEquals(200, r.status(), r::toString);
        assertEquals("SRM_INVALID_REQUEST", r.text(response + "/returnStatus/statusCode"), r::toString);
        String why = r.text(response + "/returnStatus/explanation");
        assertTrue(why.contains((LIMIT + 1) + " SURLs") && why.contains("at most " + LIMIT), why);
    }

    @Test
    void srmLsWithOneSurlTooManyIsRefusedNamingTheLimit() throws Exception {
        assertRefused(call("srmLs", "<srmLsRequest>" + surls(LIMIT + 1) + "</srmLsRequest>"), "srmLsResponse");
        HttpgResponse atLimit = call("srmLs", "<srmLsRequest>" + surls(LIMIT) + "</srmLsRequest>");
        assertEquals(LIMIT, atLimit.texts("srmLsResponse/details/pathDetailArray/path").size(), atLimit::toString);
    }

    @Test
    void everyBulkOperationIsRefusedAlike() throws Exception {
        long before = tooLarge();
        assertRefused(call("srmRm", "<srmRmRequest>" + surls(LIMIT + 1) + "</srmRmRequest>"), "srmRmResponse");
        assertRefused(call("srmPrepareToGet", "<srmPrepareToGetRequest><arrayOfFileRequests>"
                + repeat(LIMIT + 1, "<requestArray><sourceSURL>srm://127.0.0.1/f#</sourceSURL></requestArray>")
                + "</arrayOfFileRequests></srmPrepareToGetRequest>"), "srmPrepareToGetResponse");
        assertRefused(call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests>"
                + repeat(LIMIT + 1, "<requestArray><targetSURL>srm://127.0.0.1/f#</targetSURL></requestArray>")
                + "</arrayOfFileRequests></srmPrepareToPutRequest>"), "srmPrepareToPutResponse");
        assertRefused(call("srmBringOnline", "<srmBringOnlineRequest><arrayOfFileRequests>"
                + repeat(LIMIT + 1, "<requestArray><sourceSURL>srm://127.0.0.1/f#</sourceSURL></requestArray>")
                + "</arrayOfFileRequests></srmBringOnlineRequest>"), "srmBringOnlineResponse");
        for (String op : new String[] {"srmPutDone", "srmReleaseFiles", "srmAbortFiles", "srmExtendFileLifeTime",
                "srmStatusOfGetRequest", "srmStatusOfPutRequest", "srmStatusOfBringOnlineRequest"}) {
            assertRefused(call(op, "<" + op + "Request><requestToken>t</requestToken>" + surls(LIMIT + 1)
                    + "</" + op + "Request>"), op + "Response");
        }
        for (String op : new String[] {"srmCheckPermission", "srmGetPermission"}) {
            assertRefused(call(op, "<" + op + "Request>" + surls(LIMIT + 1) + "</" + op + "Request>"),
                    op + "Response");
        }
        assertEquals(before + 13, tooLarge(), "each refusal is counted in srm_requests_too_large_total");
    }

    private static long tooLarge() {
        return site.server().metrics().render().lines().filter(l -> l.startsWith("srm_requests_too_large_total "))
                .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(' ') + 1).trim())).sum();
    }

    @Test
    void aGzipEncodedBodyIsRefusedWith415() throws Exception {
        byte[] plain = GsoapEnvelope.of("srmLs", "<srmLsRequest>" + surls(1) + "</srmLsRequest>");
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write(plain);
        }
        HttpgResponse r = post(zipped.toByteArray(), Map.of("Content-Type", "text/xml; charset=utf-8",
                "SOAPAction", "\"\"", "Content-Encoding", "gzip"));
        assertEquals(415, r.status(), r::toString);
        assertTrue(new String(r.body(), StandardCharsets.UTF_8).contains("unencoded"), r::toString);
        HttpgResponse same = post(plain, HEADERS);
        assertEquals(200, same.status(), same::toString);
    }
}

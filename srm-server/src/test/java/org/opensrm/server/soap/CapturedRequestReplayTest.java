package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmPrepareToPutRequest;
import org.opensrm.server.soap.gen.SrmPutDoneRequest;
import org.opensrm.server.soap.gen.SrmSetPermissionRequest;
import org.opensrm.server.soap.gen.TPutFileRequest;

/**
 * Replays every request captured from gfal2 and ARC, byte for byte with its own headers (inconsistent SOAPAction
 * values, ARC's absolute-form request line), through the real httpg transport and SOAP edge, and checks what the
 * edge decoded against the capture itself.
 */
class CapturedRequestReplayTest {
    @TempDir
    static Path dir;
    static RecordingEdge edge;

    @BeforeAll
    static void start() throws Exception {
        edge = RecordingEdge.start(dir);
    }

    @AfterAll
    static void stop() {
        edge.close();
    }

    @BeforeEach
    void forget() {
        edge.ops().clear();
    }

    static List<CapturedRequest> captures() {
        return CapturedRequest.all();
    }

    private static HttpgResponse replay(CapturedRequest capture) throws Exception {
        return edge.client().absoluteForm(capture.absoluteForm())
                .post("127.0.0.1", edge.port(), capture.path(), capture.headers(), capture.body());
    }

    private static RecordingOperations.Dispatched onlyCall() {
        List<RecordingOperations.Dispatched> calls = edge.ops().calls();
        assertEquals(1, calls.size(), "calls dispatched: " + calls);
        return calls.get(0);
    }

    @Test
    void everyCaptureIsHere() {
        List<CapturedRequest> all = captures();
        assertEquals(62, all.stream().filter(c -> c.client().equals("gfal2")).count());
        assertEquals(19, all.stream().filter(c -> c.client().equals("arc")).count());
        assertEquals(19, all.stream().filter(CapturedRequest::absoluteForm).count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void replayedCaptureIsDispatchedAndFullyDecoded(CapturedRequest capture) throws Exception {
        assertEquals(String.valueOf(capture.body().length), capture.header("Content-Length"),
                "the capture's Content-Length matches its body");
        String operation = capture.operation();
        assertTrue(capture.name().endsWith("-" + operation), capture.name() + " holds " + operation);

        HttpgResponse r = replay(capture);

        assertEquals(200, r.status(), r::toString);
        SoapAnswers.assertNoJavaInternals(r);
        assertTrue(r.header("Content-Type").startsWith("text/xml"), r.header("Content-Type"));
        assertNotNull(r.xml().getElementsByTagNameNS("http://schemas.xmlsoap.org/soap/envelope/", "Envelope").item(0),
                r::toString);
        String answered = operation.equals("srmPing") ? r.text("srmPingResponse/versionInfo")
                : r.text(operation + "Response/returnStatus/statusCode");
        assertEquals(operation.equals("srmPing") ? "v2.2" : "SRM_SUCCESS", answered, r::toString);

        RecordingOperations.Dispatched call = onlyCall();
        assertEquals(operation, call.operation());
        assertEquals("S" + operation.substring(1) + "Request", call.request().getClass().getSimpleName());
        DecodedFields.assertAllDecoded(capture.requestElement(), call.request());
    }

    @Test
    void aWholeGfal2SessionOnOneKeepAliveConnection() throws Exception {
        List<CapturedRequest> session = captures().stream().filter(c -> c.client().equals("gfal2")).toList();
        try (HttpgConnection c = edge.client().keepAlive("127.0.0.1", edge.port())) {
            for (CapturedRequest capture : session) {
                HttpgResponse r = c.post(capture.path(), capture.headers(), capture.body());
                assertEquals(200, r.status(), () -> capture + ": " + r);
            }
            assertFalse(c.isClosed());
        }
        assertEquals(session.stream().map(CapturedRequest::operation).toList(),
                edge.ops().calls().stream().map(RecordingOperations.Dispatched::operation).toList());
    }

    @Test
    void dispatchIgnoresTheSoapAction() throws Exception {
        CapturedRequest ls = capture("gfal2", "001-srmLs");
        for (String action : new String[] {"\"srmRm\"", "\"\"", "\"XPing\"", null}) {
            Map<String, String> headers = new LinkedHashMap<>(ls.headers());
            headers.remove("SOAPAction");
            if (action != null) {
                headers.put("SOAPAction", action);
            }
            HttpgResponse r = edge.client().post("127.0.0.1", edge.port(), "/srm/managerv2", headers, ls.body());
            assertEquals(200, r.status(), r::toString);
            assertEquals("srmLs", onlyCall().operation(), "SOAPAction " + action);
            edge.ops().clear();
        }
    }

    @Test
    void bestman2PathServesTheSameEndpoint() throws Exception {
        CapturedRequest ping = capture("arc", "001-srmPing");
        HttpgResponse r = edge.client().post("127.0.0.1", edge.port(), "/srm/v2/server", ping.headers(), ping.body());
        assertEquals(200, r.status(), r::toString);
        assertEquals("srmPing", onlyCall().operation());
    }

    @Test
    void gfal2StatListingDecodesItsOptions() throws Exception {
        replay(capture("gfal2", "001-srmLs"));
        SrmLsRequest q = (SrmLsRequest) onlyCall().request();
        assertEquals(List.of("srm://127.0.0.1/data/x"), q.getArrayOfSURLs().getUrlArray());
        assertEquals(Boolean.TRUE, q.isFullDetailedList());
        assertEquals(0, q.getNumOfLevels());
        assertEquals(null, q.getStorageSystemInfo(), "xsi:nil storageSystemInfo");
    }

    @Test
    void gfal2PrepareToPutDecodesSizeLifetimeAndProtocols() throws Exception {
        replay(capture("gfal2", "018-srmPrepareToPut"));
        SrmPrepareToPutRequest q = (SrmPrepareToPutRequest) onlyCall().request();
        TPutFileRequest file = q.getArrayOfFileRequests().getRequestArray().get(0);
        assertEquals("srm://127.0.0.1/data/upload.bin", file.getTargetSURL());
        assertEquals(BigInteger.valueOf(10485760), file.getExpectedFileSize());
        assertEquals(3600, q.getDesiredTotalRequestTime());
        assertEquals("PERMANENT", q.getDesiredFileStorageType());
        assertEquals(List.of("gsiftp", "https", "root"),
                q.getTransferParameters().getArrayOfTransferProtocols().getStringArray());
    }

    @Test
    void arcPrepareToPutDecodesZeroSizeAndFiveProtocols() throws Exception {
        replay(capture("arc", "008-srmPrepareToPut"));
        SrmPrepareToPutRequest q = (SrmPrepareToPutRequest) onlyCall().request();
        assertEquals(BigInteger.ZERO, q.getArrayOfFileRequests().getRequestArray().get(0).getExpectedFileSize());
        assertEquals(List.of("http", "https", "httpg", "gsiftp", "ftp"),
                q.getTransferParameters().getArrayOfTransferProtocols().getStringArray());
    }

    @Test
    void gfal2SetPermissionKeepsDigitModes() throws Exception {
        replay(capture("gfal2", "035-srmSetPermission"));
        SrmSetPermissionRequest q = (SrmSetPermissionRequest) onlyCall().request();
        assertEquals("srm://127.0.0.1/data/renamed.bin", q.getSURL());
        assertEquals("CHANGE", q.getPermissionType());
        assertEquals("6", q.getOwnerPermission());
        assertEquals("4", q.getOtherPermission());
    }

    @Test
    void arcPutDoneAndGfal2GetCarryTheirTokensAndSurls() throws Exception {
        replay(capture("arc", "011-srmPutDone"));
        SrmPutDoneRequest done = (SrmPutDoneRequest) onlyCall().request();
        assertEquals("mock-839f865b324f", done.getRequestToken());
        assertEquals(List.of("srm://127.0.0.1/data/arcdir/up.bin"), done.getArrayOfSURLs().getUrlArray());
        edge.ops().clear();
        replay(capture("gfal2", "023-srmPrepareToGet"));
        SrmPrepareToGetRequest get = (SrmPrepareToGetRequest) onlyCall().request();
        assertEquals("srm://127.0.0.1/data/upload.bin",
                get.getArrayOfFileRequests().getRequestArray().get(0).getSourceSURL());
    }

    private static CapturedRequest capture(String client, String name) {
        return captures().stream().filter(c -> c.client().equals(client) && c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no capture " + client + "/" + name));
    }
}

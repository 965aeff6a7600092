package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * The calls of a get's cycle — srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles — when plain are answered
 * in their lanes (their own answer writer); the same request with a SOAP header goes through JAX-WS. In full mode,
 * for successes, failures and multi-file requests, both answers must be the same bytes, but for what differs between
 * two calls anyway: a new request's token, the seconds left (counted at each call) and the door a TURL names (the
 * site has two).
 */
@Timeout(180)
@Tag("integration")
class GetLaneTest {
    private static final Pattern TOKEN = Pattern.compile("<requestToken>([^<]*)</requestToken>");
    private static final Pattern SECONDS = Pattern.compile("<(remainingTotalRequestTime|remainingPinTime)>\\d+<");
    private static final Pattern DOOR = Pattern.compile("<transferURL>gsiftp://[^/]*/");

    static E2eSite site;
    static HttpgClient client;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(E2eSite.FULL_MODE);
        client = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir()).withTimeoutMillis(30_000);
        Files.createDirectories(site.onDisk("/alice/getlane"));
        Files.writeString(site.onDisk("/alice/getlane/a & <b>.dat"), "a\n");
        Files.writeString(site.onDisk("/alice/getlane/é ☃.txt"), "unicode\n");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void everyAnswerOfAGetsCycleIsTheBytesJaxWsWrites() throws Exception {
        String a = site.surl("/alice/getlane/a & <b>.dat");
        String u = site.surl("/alice/getlane/é ☃.txt");
        long before = lane();
        int plainCalls = 0;
        List<String> prepares = List.of(get(List.of(a)), get(List.of(a, u)),
                get(List.of(a, site.surl("/alice/getlane/no-such"), site.surl("/bob/not-yours"))),
                get(List.of(site.surl("/alice/getlane/no-such"))), get(List.of()),
                "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray><sourceSURL>" + SrmSoap.xml(a)
                        + "</sourceSURL></requestArray></arrayOfFileRequests><transferParameters>"
                        + "<arrayOfTransferProtocols><stringArray>carrier-pigeon</stringArray>"
                        + "</arrayOfTransferProtocols></transferParameters></srmPrepareToGetRequest>");
        for (String prepare : prepares) {
            assertSameAnswer("srmPrepareToGet", prepare, prepare);
            plainCalls++;
        }
        String laneToken = token(call("srmPrepareToGet", get(List.of(a, u)), false));
        String jaxwsToken = token(call("srmPrepareToGet", get(List.of(a, u)), false));
        plainCalls += 2;
        List<String> statuses = List.of(status(laneToken, List.of()), status(laneToken, List.of(u)),
                status(laneToken, List.of(a, site.surl("/alice/getlane/not-in-it"))),
                status("no-such-token", List.of()), status("", List.of()));
        for (String status : statuses) {
            assertSameAnswer("srmStatusOfGetRequest", status, status);
            plainCalls++;
        }
        List<String[]> releases = new ArrayList<>();
        releases.add(new String[] {release(laneToken, List.of(u)), release(jaxwsToken, List.of(u))});
        releases.add(new String[] {release(laneToken, List.of(a, site.surl("/alice/getlane/not-in-it"))),
                release(jaxwsToken, List.of(a, site.surl("/alice/getlane/not-in-it")))});
        releases.add(new String[] {release(laneToken, List.of()), release(jaxwsToken, List.of())});
        releases.add(new String[] {release("no-such-token", List.of()), release("no-such-token", List.of())});
        for (String[] release : releases) {
            assertSameAnswer("srmReleaseFiles", release[0], release[1]);
            plainCalls++;
        }
        assertEquals(before + plainCalls, lane(), "every plain call of a get's cycle was answered in its lane");
    }

    /**
     * {@code plain} answered in the lane and {@code headed} (with a SOAP header) by JAX-WS: the same status, type
     * and bytes. Full mode's engine may serve one of two new requests within the answer's wait and not the other,
     * so a pair that differs is asked again, a few times, before it fails.
     */
    private static void assertSameAnswer(String op, String plain, String headed) throws Exception {
        String laneAnswer = "";
        String jaxwsAnswer = "";
        for (int attempt = 0; attempt < 3; attempt++) {
            HttpgResponse lane = call(op, plain, false);
            HttpgResponse jaxws = call(op, headed, true);
            assertEquals(200, lane.status(), lane.toString());
            assertEquals(jaxws.status(), lane.status(), plain);
            assertEquals(jaxws.header("Content-Type"), lane.header("Content-Type"), plain);
            laneAnswer = comparable(lane.body());
            jaxwsAnswer = comparable(jaxws.body());
            assertTrue(jaxwsAnswer.contains("<S:Body><ns2:" + op + "Response"), "JAX-WS answered: " + jaxwsAnswer);
            if (laneAnswer.equals(jaxwsAnswer)) {
                return;
            }
        }
        assertEquals(jaxwsAnswer, laneAnswer, plain);
    }

    private static String comparable(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8);
        s = TOKEN.matcher(s).replaceAll("<requestToken>(token)</requestToken>");
        s = DOOR.matcher(s).replaceAll("<transferURL>gsiftp://(door)/");
        return SECONDS.matcher(s).replaceAll("<$1>(seconds)<");
    }

    private static String token(HttpgResponse r) {
        Matcher m = TOKEN.matcher(new String(r.body(), StandardCharsets.UTF_8));
        assertTrue(m.find(), r.toString());
        return m.group(1);
    }

    private static String get(List<String> surls) {
        StringBuilder b = new StringBuilder("<srmPrepareToGetRequest><arrayOfFileRequests>");
        surls.forEach(s -> b.append("<requestArray><sourceSURL>").append(SrmSoap.xml(s))
                .append("</sourceSURL></requestArray>"));
        return b.append("</arrayOfFileRequests><desiredPinLifeTime>3600</desiredPinLifeTime><transferParameters>"
                + "<arrayOfTransferProtocols><stringArray>gsiftp</stringArray></arrayOfTransferProtocols>"
                + "</transferParameters></srmPrepareToGetRequest>").toString();
    }

    private static String status(String token, List<String> surls) {
        return "<srmStatusOfGetRequestRequest><requestToken>" + token + "</requestToken>"
                + (surls.isEmpty() ? "" : SpecRequests.urls(surls).replace("arrayOfSURLs", "arrayOfSourceSURLs"))
                + "</srmStatusOfGetRequestRequest>";
    }

    private static String release(String token, List<String> surls) {
        return "<srmReleaseFilesRequest><requestToken>" + token + "</requestToken>"
                + (surls.isEmpty() ? "" : SpecRequests.urls(surls)) + "</srmReleaseFilesRequest>";
    }

    private static long lane() {
        String line = site.server().metrics().render().lines()
                .filter(l -> l.startsWith("srm_get_lane_answers_total ")).findFirst().orElseThrow();
        return Long.parseLong(line.substring(line.indexOf(' ') + 1).trim());
    }

    private static HttpgResponse call(String op, String request, boolean headed) throws Exception {
        byte[] body = GsoapEnvelope.of(op, request);
        if (headed) {
            body = new String(body, StandardCharsets.UTF_8)
                    .replace("<SOAP-ENV:Body", "<SOAP-ENV:Header/><SOAP-ENV:Body").getBytes(StandardCharsets.UTF_8);
        }
        return client.post("localhost", site.port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\"", "Host", "localhost"), body);
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GsoapEnvelope;
import org.opensrm.testkit.XmlShape;

/**
 * A plain srmLs is answered by the server's srmLs lane (its own answer writer); the same request with a SOAP header
 * goes through JAX-WS. Both answers must say the same, element for element, for every shape of listing: the lane
 * is held to what JAX-WS answers on a real server.
 */
@Timeout(120)
@Tag("integration")
class LsLaneTest {
    static E2eSite site;
    static HttpgClient client;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        client = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir()).withTimeoutMillis(30_000);
        Path dir = Files.createDirectories(site.onDisk("/alice/lane/sub/deeper"));
        Files.writeString(dir.getParent().getParent().resolve("a & <b>.dat"), "a\n");
        Files.writeString(dir.getParent().resolve("é ☃.txt"), "unicode\n");
        Files.writeString(dir.resolve("x"), "");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void everyListingShapeIsAnsweredAsJaxWsAnswersIt() throws Exception {
        List<String> requests = List.of(
                ls("/alice/lane", "<fullDetailedList>true</fullDetailedList><numOfLevels>1</numOfLevels>"),
                ls("/alice/lane", "<fullDetailedList>true</fullDetailedList><allLevelRecursive>true</allLevelRecursive>"),
                ls("/alice/lane", "<fullDetailedList>false</fullDetailedList><numOfLevels>2</numOfLevels>"),
                ls("/alice/lane/a &amp; &lt;b&gt;.dat", "<numOfLevels>0</numOfLevels>"),
                ls("/alice/lane", "<numOfLevels>1</numOfLevels><offset>1</offset><count>1</count>"),
                ls("/alice/no-such-entry", "<fullDetailedList>true</fullDetailedList>"),
                ls("/bob/not-yours", "<fullDetailedList>true</fullDetailedList>"),
                ls("/alice/lane", "<fileStorageType>SOMETIMES</fileStorageType>"),
                "<srmLsRequest><arrayOfSURLs><urlArray>" + site.surl("/alice/lane") + "</urlArray><urlArray>"
                        + site.surl("/alice/nothing") + "</urlArray></arrayOfSURLs></srmLsRequest>",
                "<srmLsRequest><arrayOfSURLs/></srmLsRequest>");
        long laneBefore = lane();
        for (String request : requests) {
            byte[] plain = GsoapEnvelope.of("srmLs", request);
            byte[] headed = new String(plain, StandardCharsets.UTF_8)
                    .replace("<SOAP-ENV:Body", "<SOAP-ENV:Header/><SOAP-ENV:Body").getBytes(StandardCharsets.UTF_8);
            HttpgResponse lane = post(plain);
            HttpgResponse jaxws = post(headed);
            assertEquals(200, lane.status(), lane.toString());
            assertEquals(jaxws.status(), lane.status(), request);
            assertEquals(jaxws.header("Content-Type"), lane.header("Content-Type"), request);
            assertEquals(shape(jaxws.body()), shape(lane.body()), request);
            assertNotEquals(new String(jaxws.body(), StandardCharsets.UTF_8).indexOf("<S:Body><ns2:srmLsResponse"),
                    -1, "JAX-WS answered the request with a header: " + jaxws);
        }
        assertEquals(laneBefore + requests.size(), lane(), "every plain request was answered in the lane");
        assertTrue(site.server().metrics().render().contains("srm_requests_total{operation=\"srmLs\""),
                "the lane's calls are counted like every other call");
    }

    private static long lane() {
        String line = site.server().metrics().render().lines().filter(l -> l.startsWith("srm_ls_lane_answers_total "))
                .findFirst().orElseThrow();
        return Long.parseLong(line.substring(line.indexOf(' ') + 1).trim());
    }

    private static String ls(String path, String more) {
        return "<srmLsRequest><arrayOfSURLs><urlArray>" + site.surl(path) + "</urlArray></arrayOfSURLs>" + more
                + "</srmLsRequest>";
    }

    private static HttpgResponse post(byte[] body) throws Exception {
        return client.post("localhost", site.port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\"", "Host", "localhost"), body);
    }

    /** The Body's content: names with namespaces, attributes, text; not prefixes or declarations. */
    private static String shape(byte[] xml) throws Exception {
        return XmlShape.of(XmlShape.find(XmlShape.parse(xml), "Body"));
    }
}

package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensrm.testkit.HttpgSoapClient.Response;

/** The Prometheus endpoint of a real server on its own port: what a scrape shows after a few SRM calls. */
class MetricsEndpointTest {
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    private static final Map<String, String> HEADERS = Map.of("Content-Type", "text/xml; charset=utf-8",
            "SOAPAction", "\"\"");
    private static RealSrmSite site;

    @BeforeAll
    static void start() throws Exception {
        site = RealSrmSite.start(Map.of("metrics.host", "127.0.0.1", "metrics.port", "0"));
    }

    @AfterAll
    static void stop() throws Exception {
        site.close();
    }

    private static Response call(String operation) throws Exception {
        String body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><SOAP-ENV:Envelope"
                + " xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:srm2=\"" + SRM + "\">"
                + "<SOAP-ENV:Body>" + operation + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
        return site.client().post("127.0.0.1", site.port(), "/srm/managerv2", HEADERS,
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static String scrape() throws Exception {
        int port = site.server().metricsPort();
        assertTrue(port > 0, "the metrics endpoint is on");
        HttpResponse<String> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        return r.body();
    }

    /** The value of the sample line {@code name} (with its labels, exactly as written), if present. */
    private static OptionalDouble sample(String text, String name) {
        Matcher m = Pattern.compile("^" + Pattern.quote(name) + " (\\S+)$", Pattern.MULTILINE).matcher(text);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
    }

    @Test
    void callsAreCountedByOperationAndStatusWithLatencies() throws Exception {
        assertEquals(200, call("<srm2:srmPing><srmPingRequest/></srm2:srmPing>").status());
        assertEquals(200, call("<srm2:srmLs><srmLsRequest><arrayOfSURLs><urlArray>srm://127.0.0.1/missing"
                + "</urlArray></arrayOfSURLs></srmLsRequest></srm2:srmLs>").status());
        String text = scrape();
        assertEquals(1.0, sample(text, "srm_requests_total{operation=\"srmPing\",status=\"SRM_SUCCESS\"}")
                .orElse(-1), text);
        assertEquals(1.0, sample(text, "srm_requests_total{operation=\"srmLs\",status=\"SRM_FAILURE\"}")
                .orElse(-1), text);
        assertEquals(1.0, sample(text, "srm_request_seconds_count{operation=\"srmLs\"}").orElse(-1), text);
        assertEquals(1.0, sample(text, "srm_request_seconds_bucket{operation=\"srmLs\",le=\"+Inf\"}").orElse(-1),
                text);
        assertTrue(sample(text, "srm_request_seconds_sum{operation=\"srmLs\"}").orElse(-1) >= 0, text);
        assertEquals(0.0, sample(text, "srm_requests_in_flight").orElse(-1), text);
        assertEquals(0.0, sample(text, "srm_requests_waiting").orElse(-1), text);
        assertEquals(0.0, sample(text, "srm_requests_rejected_total").orElse(-1), text);
    }

    @Test
    void transportAndJvmFiguresAreShown() throws Exception {
        call("<srm2:srmPing><srmPingRequest/></srm2:srmPing>");
        String text = scrape();
        assertTrue(sample(text, "srm_threads").orElse(-1) >= 1, text);
        assertTrue(sample(text, "srm_threads_busy").isPresent(), text);
        assertTrue(sample(text, "srm_connections_open").isPresent(), text);
        assertTrue(sample(text, "jvm_heap_used_bytes").orElse(-1) > 0, text);
        assertTrue(sample(text, "jvm_threads").orElse(-1) > 0, text);
        assertTrue(text.contains("# TYPE srm_request_seconds histogram"), text);
        assertTrue(text.contains("jvm_gc_collections_total{gc=\""), text);
    }
}

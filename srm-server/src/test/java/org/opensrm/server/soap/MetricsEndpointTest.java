package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.client.HttpgResponse;

/** The Prometheus endpoint of a real server on its own port: what a scrape shows after a few SRM calls. */
@Tag("integration")
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

    private static HttpgResponse call(String operation) throws Exception {
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

    /**
     * The whole scrape is read by Prometheus's own parser and linter ({@code promtool check metrics}, Debian's
     * prometheus package), and carries the JVM figures of the client library: heap, GC, threads, descriptors.
     */
    @Test
    void promtoolParsesTheScrapeWithTheJvmFigures() throws Exception {
        call("<srm2:srmGetTransferProtocols><srmGetTransferProtocolsRequest/></srm2:srmGetTransferProtocols>");
        String text = scrape();
        Process promtool = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
        try (var in = promtool.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        String verdict = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, promtool.waitFor(), "promtool check metrics: " + verdict + "\n" + text);
        assertTrue(sample(text, "jvm_memory_used_bytes{area=\"heap\"}").orElse(-1) > 0, text);
        assertTrue(sample(text, "jvm_threads_current").orElse(-1) > 0, text);
        assertTrue(sample(text, "process_open_fds").orElse(-1) > 0, text);
        assertTrue(sample(text, "process_max_fds").orElse(-1) > 0, text);
        assertTrue(text.contains("# TYPE jvm_gc_collection_seconds summary"), text);
        assertEquals(1.0, sample(text, "srm_request_seconds_count{operation=\"srmGetTransferProtocols\"}").orElse(-1),
                text);
    }

    /**
     * Every query of the Grafana dashboard in {@code conf/} is valid PromQL ({@code promtool check rules} on them as
     * recording rules) and names only figures a real scrape has, but the door figures ({@code srm_gridftp_*}, {@code srm_door_*}),
     * which only the load-probing selector exports.
     */
    @Test
    void theGrafanaDashboardQueriesParseAndNameScrapedFigures() throws Exception {
        call("<srm2:srmPing><srmPingRequest/></srm2:srmPing>");
        String text = scrape();
        String dashboard = Files.readString(Path.of("..", "conf", "grafana-dashboard.json"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("\"expr\": \"((?:[^\"\\\\]|\\\\.)*)\"").matcher(dashboard);
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        Set<String> names = new TreeSet<>();
        int n = 0;
        while (m.find()) {
            String expr = m.group(1).replace("\\\"", "\"").replace("\\\\", "\\")
                    .replace("$__rate_interval", "5m").replace("$instance", ".*");
            rules.append("      - record: dashboard_query_").append(n++).append("\n        expr: '")
                    .append(expr.replace("'", "''")).append("'\n");
            Matcher name = Pattern.compile("\\b(?:srm|jvm|process)_[a-z_]+").matcher(expr);
            while (name.find()) {
                names.add(name.group());
            }
        }
        assertTrue(n >= 10, "the dashboard's queries: " + n);
        Path file = Files.createTempFile("dashboard-", ".rules.yml");
        try {
            Files.writeString(file, rules);
            Process promtool = new ProcessBuilder("promtool", "check", "rules", file.toString())
                    .redirectErrorStream(true).start();
            String verdict = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, promtool.waitFor(), verdict + "\n" + rules);
        } finally {
            Files.delete(file);
        }
        names.removeIf(name -> name.startsWith("srm_gridftp_") || name.startsWith("srm_door_"));
        for (String name : names) {
            assertTrue(Pattern.compile("^" + name + "[{ ]", Pattern.MULTILINE).matcher(text).find(),
                    "the dashboard reads " + name + ", which the scrape does not have");
        }
    }
}

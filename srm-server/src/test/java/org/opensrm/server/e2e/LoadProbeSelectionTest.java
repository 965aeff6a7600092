package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * The server with {@code gridftp.selector=loadprobe}: gfal-copy moves data through doors it chose, the metrics show
 * each door's state, load and choices; with its only door answering {@code 421 Service busy}, srmPrepareToGet is
 * answered {@code SRM_INTERNAL_ERROR} (the busy status gfal2 retries) saying every door is busy.
 */
@Timeout(300)
@Tag("integration")
class LoadProbeSelectionTest {
    private static final Map<String, String> LOADPROBE = Map.of("gridftp.selector", "loadprobe",
            "gridftp.probe.interval", "2s", "gridftp.probe.timeout", "2s", "metrics.port", "0");

    @Test
    void transfersGoThroughChosenDoorsAndTheMetricsShowThem() throws Exception {
        try (E2eSite site = E2eSite.start(LOADPROBE)) {
            await(site, "srm_gridftp_doors_up", 2);
            Path local = OnDisk.randomFile(site.scratch("loadprobe").resolve("f.bin"), 300_000, 21);
            ClientRun up = site.clients(site.alice()).gfal("gfal-copy", "file://" + local, site.surl("/alice/f.bin"));
            assertTrue(up.ok(), up.describe());
            assertEquals(OnDisk.adler32(local), OnDisk.adler32(site.onDisk("/alice/f.bin")));

            String m = scrape(site);
            String a = id(site.doorA().port());
            String b = id(site.doorB().port());
            assertEquals(0, sample(m, "srm_door_state" + a).orElseThrow(), m);
            assertEquals(0, sample(m, "srm_door_state" + b).orElseThrow(), m);
            assertTrue(sample(m, "srm_door_load" + a).orElseThrow() >= 0, m);
            assertEquals(1, sample(m, "srm_door_choices_total" + a).orElseThrow()
                    + sample(m, "srm_door_choices_total" + b).orElseThrow(), m);
            assertEquals(0, sample(m, "srm_gridftp_no_door_total").orElseThrow(), m);
        }
    }

    @Test
    void everyDoorBusyIsAnsweredWithTheStatusGfal2Retries() throws Exception {
        try (BusyDoor busy = new BusyDoor()) {
            Map<String, String> cfg = new java.util.HashMap<>(LOADPROBE);
            cfg.put("gridftp.nodes", "gsiftp://localhost:" + busy.port());
            try (E2eSite site = E2eSite.start(cfg)) {
                await(site, "srm_gridftp_doors_full", 1);
                java.nio.file.Files.writeString(site.onDisk("/alice/present.txt"), "here\n");
                String answer = prepareToGet(site, site.surl("/alice/present.txt"));
                assertTrue(answer.matches("(?s).*<returnStatus>\\s*<statusCode>SRM_INTERNAL_ERROR</statusCode>.*"), answer);
                assertTrue(answer.contains("every GridFTP door is busy, retry later"), answer);
                assertTrue(answer.contains("421 Service busy"), answer);
                assertEquals(1, sample(scrape(site), "srm_gridftp_no_door_total").orElseThrow());
            }
        }
    }

    private static String prepareToGet(E2eSite site, String surl) throws IOException {
        HttpgClient client = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir())
                .withTimeoutMillis(30_000);
        HttpgResponse r = client.post("localhost", site.port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\"", "Host", "localhost:" + site.port()),
                GsoapEnvelope.of("srmPrepareToGet", "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray>"
                        + "<sourceSURL>" + GsoapEnvelope.text(surl) + "</sourceSURL></requestArray></arrayOfFileRequests>"
                        + "<transferParameters><arrayOfTransferProtocols><stringArray>gsiftp</stringArray>"
                        + "</arrayOfTransferProtocols></transferParameters></srmPrepareToGetRequest>"));
        assertEquals(200, r.status(), r.toString());
        return r.bodyText();
    }

    /** The label set of a door's figures: {door="gsiftp://localhost:PORT"}. */
    private static String id(int port) {
        return "{door=\"gsiftp://localhost:" + port + "\"}";
    }

    private static void await(E2eSite site, String gauge, double value) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (sample(scrape(site), gauge).orElse(-1) != value) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + gauge + " = " + value);
            Thread.sleep(200);
        }
    }

    private static String scrape(E2eSite site) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + site.server().metricsPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    private static OptionalDouble sample(String text, String name) {
        Matcher m = Pattern.compile("^" + Pattern.quote(name) + " (\\S+)$", Pattern.MULTILINE).matcher(text);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
    }

    /** A door at its connection limit, as globus-gridftp-server past connections_max: 421 to everyone. */
    private static final class BusyDoor implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());

        BusyDoor() throws IOException {
            Thread t = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket s = socket.accept(); OutputStream out = s.getOutputStream()) {
                        out.write("421 Service busy: Connection limit exceeded. Please try again later.\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "busy-door");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}

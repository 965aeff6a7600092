package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.gridftp.XrdcpLoad;
import org.opensrm.gridftp.XrootdDoor;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * The server with two real XRootD doors ({@code doors=root://...,root://...}), {@code gridftp.selector=loadprobe}
 * and {@code gridftp.loadprobe.source=xrootd-summary}: the doors send their summary reports to the server's receiver;
 * while real concurrent xrdcp downloads load one door, every new {@code root://} TURL srmPrepareToGet hands out names
 * the idle one.
 */
@Timeout(300)
@Tag("integration")
class LoadProbeXrootdTurlsTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final int REQUESTS = 12;

    @Test
    void newRootTurlsGoToTheIdleDoor() throws Exception {
        int reports = freeUdpPort();
        try (XrootdDoor busy = XrootdDoor.start("busy", "127.0.0.1:" + reports);
             XrootdDoor idle = XrootdDoor.start("idle", "127.0.0.1:" + reports)) {
            Map<String, String> cfg = new HashMap<>(Map.of("gridftp.selector", "loadprobe",
                    "gridftp.probe.interval", "2s", "gridftp.probe.timeout", "2s", "metrics.port", "0",
                    "doors", "root://localhost:" + busy.port() + ",root://localhost:" + idle.port(),
                    "gridftp.loadprobe.source", "xrootd-summary",
                    "gridftp.loadprobe.xrootd.listen", "127.0.0.1:" + reports,
                    "gridftp.loadprobe.xrootd.max.age", "10s", "gridftp.loadprobe.sessions.max", "4",
                    "gridftp.loadprobe.link.bytes", "100000000"));
            cfg.put("gridftp.loadprobe.weight.cpu", "0");
            cfg.put("gridftp.nodes", "");
            cfg.put("jetty.handshake.timeout", "60s"); // a GSI handshake on a build machine busy with the downloads
            busy.file("big", 1L << 30);
            try (E2eSite site = E2eSite.start(cfg)) {
                Files.writeString(site.onDisk("/alice/wanted.txt"), "wanted\n");
                await(site, () -> sample(scrape(site), "srm_gridftp_doors_up").orElse(-1) == 2, "both doors up");
                try (XrdcpLoad load = new XrdcpLoad(busy.url("big"), 3, "20m", LIMIT.toMillis())) {
                    await(site, () -> {
                        String m = scrape(site);
                        return sample(m, "srm_door_load" + id(busy)).orElse(0) > 0.3
                                && sample(m, "srm_door_load" + id(idle)).orElse(1) < 0.05
                                && sample(m, "srm_door_state" + id(busy)).orElse(-1) == 0
                                && sample(m, "srm_door_state" + id(idle)).orElse(-1) == 0;
                    }, "the loaded door's figure to rise");
                    for (int i = 0; i < REQUESTS; i++) {
                        String turl = turl(prepareToGet(site, site.surl("/alice/wanted.txt")));
                        if (!turl.startsWith("root://localhost:" + idle.port() + "/")) {
                            throw new AssertionError("a new TURL names the idle door " + idle.port() + " (busy "
                                    + busy.port() + "): " + turl + "; the doors now: " + doorLines(scrape(site)));
                        }
                    }
                    String m = scrape(site);
                    assertEquals(REQUESTS, sample(m, "srm_door_choices_total" + id(idle))
                            .orElseThrow(), m);
                    assertEquals(0, load.failed(), "every download worked");
                }
            }
        }
    }

    private static String doorLines(String metrics) {
        return metrics.lines().filter(l -> l.startsWith("srm_door")).toList().toString();
    }

    private static String id(XrootdDoor door) {
        return "{door=\"root://localhost:" + door.port() + "\"}";
    }

    /** A UDP port free now (the server binds it; the doors must be told it before it starts). */
    private static int freeUdpPort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String prepareToGet(E2eSite site, String surl) throws IOException {
        HttpgClient client = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir())
                .withTimeoutMillis(30_000);
        HttpgResponse r = client.post("localhost", site.port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\"", "Host", "localhost:" + site.port()),
                GsoapEnvelope.of("srmPrepareToGet", "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray>"
                        + "<sourceSURL>" + GsoapEnvelope.text(surl) + "</sourceSURL></requestArray></arrayOfFileRequests>"
                        + "<transferParameters><arrayOfTransferProtocols><stringArray>root</stringArray>"
                        + "</arrayOfTransferProtocols></transferParameters></srmPrepareToGetRequest>"));
        assertEquals(200, r.status(), r.toString());
        return r.bodyText();
    }

    private static String turl(String answer) {
        Matcher m = Pattern.compile("<transferURL>([^<]*)</transferURL>").matcher(answer);
        assertTrue(m.find(), answer);
        return m.group(1);
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(E2eSite site, Check check, String what) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!check.holds()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what + ": " + scrape(site));
            Thread.sleep(200); // polls the metrics the background prober updates, with a deadline
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
}

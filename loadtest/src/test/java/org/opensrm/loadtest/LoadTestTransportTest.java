package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives the load tester against a real JSSE httpg server on a loopback port. */
class LoadTestTransportTest {
    @TempDir
    static Path dir;
    static TestPki pki;

    @BeforeAll
    static void pki() throws Exception {
        pki = new TestPki(dir);
    }

    private static LoadTestConfig.Builder against(TinySrmServer server) {
        return LoadTestConfig.builder()
                .endpoint(SrmEndpoint.parse(server.endpoint()))
                .proxyFile(pki.proxyFile)
                .caDir(pki.trustDir())
                .operation(Operation.LS)
                .targets(List.of(TargetSurl.parse("10=srm://localhost/data/d10")))
                .duration(Duration.ofMillis(700))
                .warmup(Duration.ofMillis(500))
                .pauseBetweenLevels(Duration.ZERO)
                .requestTimeout(Duration.ofSeconds(5));
    }

    @Test
    void keepAliveCountsRequestsAndReusesOneConnectionPerClient() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            List<LevelResult> results = new LoadTest(against(server).concurrencyLevels(List.of(1, 4)).build(),
                    ProgressListener.NONE).run();

            assertEquals(2, results.size());
            long clientRequests = 0;
            for (LevelResult r : results) {
                assertTrue(r.ok() > 0, "requests answered at n=" + r.concurrency());
                assertEquals(r.ok(), r.requests(), "only OK answers expected: " + r);
                assertTrue(r.handshakes() <= r.concurrency(), "at most the first connection of each client");
                assertEquals(r.ok(), r.statusCounts().get("srmLs SRM_SUCCESS"));
                assertTrue(r.p50Millis() > 0 && r.p50Millis() <= r.p90Millis() && r.p99Millis() <= r.maxMillis());
                clientRequests += r.requests();
            }
            assertEquals(1 + 4, server.connections.get(), "one connection per client per level");
            assertTrue(server.requests.get() >= clientRequests, "server saw every counted request");
            assertEquals(0, server.closeRequests.get());
            assertEquals(0, server.badGsiBytes.get(), "every connection starts with the '0' byte");
            X509Certificate[] chain = server.clientChains.get(0);
            assertEquals(2, chain.length, "proxy and user certificate presented");
            assertTrue(chain[1].getSubjectX500Principal().getName().contains("CN=Alice"));
        }
    }

    @Test
    void connectFirstOpensEveryConnectionBeforeAnyRequest() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            List<LevelProgress> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
            ProgressListener listener = new ProgressListener() {
                @Override
                public void progress(LevelProgress p) {
                    progress.add(p);
                }

                @Override
                public void levelFinished(LevelResult r) {
                }
            };
            LevelResult r = new LoadTest(against(server).concurrencyLevels(List.of(5)).rampUp(Duration.ZERO)
                    .connectFirst(Duration.ofSeconds(30)).build(), listener).run().get(0);

            assertTrue(r.ok() > 0, "requests answered: " + r);
            assertEquals(r.ok(), r.requests());
            assertEquals(0, r.handshakes(), "every client connected before the warm-up, none in the window");
            assertEquals(5, server.connections.get(), "one connection per client");
            progress.stream().filter(LevelProgress::measuring)
                    .forEach(p -> assertEquals(5, p.clientsConnected(), "all connected: " + p));
        }
    }

    @Test
    void newConnectionModeMakesOneHandshakePerRequest() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            LevelResult r = new LoadTest(against(server).concurrencyLevels(List.of(3))
                    .connectionMode(ConnectionMode.NEW).build(), ProgressListener.NONE).run().get(0);

            assertTrue(r.ok() > 3, "several requests per client: " + r);
            assertEquals(r.ok(), r.requests());
            // requests that began in the warm-up or end after the window account for at most one per client
            assertTrue(Math.abs(r.handshakes() - r.requests()) <= 3,
                    "handshakes " + r.handshakes() + " for " + r.requests() + " requests");
            assertEquals(server.connections.get(), server.requests.get(), "one request per connection");
            assertEquals(server.requests.get(), server.closeRequests.get(), "each request asks to close");
            assertEquals(server.connections.get(), server.clientChains.size(), "full handshake each time");
            assertEquals(0, server.badGsiBytes.get());
        }
    }

    @Test
    void http503AnswersAreCountedAsHttpErrors() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 503)) {
            LevelResult r = new LoadTest(against(server).concurrencyLevels(List.of(2)).build(),
                    ProgressListener.NONE).run().get(0);

            assertEquals(0, r.ok());
            assertTrue(r.httpErrors() > 0);
            assertEquals(r.requests(), r.httpErrors());
            assertEquals(r.httpErrors(), r.http503());
            assertEquals(r.requests(), r.statusCounts().get("srmLs HTTP 503"));
        }
    }

    @Test
    void otherSrmStatusesAreCountedApart() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            LevelResult r = new LoadTest(against(server).concurrencyLevels(List.of(1)).expectedStatus("SRM_FAILURE")
                    .build(), ProgressListener.NONE).run().get(0);

            assertEquals(0, r.ok());
            assertTrue(r.srmOther() > 0);
            assertEquals(r.requests(), r.srmOther());
        }
    }

    @Test
    void untrustedServerIsAConnectionErrorUnlessTrustIsWaived() throws Exception {
        TestPki other = new TestPki(dir.resolve("other"));
        try (TinySrmServer server = new TinySrmServer(other.host, pki.pki.caCertificate(), 200)) {
            LevelResult refused = new LoadTest(against(server).concurrencyLevels(List.of(1)).warmup(Duration.ZERO)
                    .build(), ProgressListener.NONE).run().get(0);
            assertEquals(0, refused.ok());
            assertTrue(refused.connErrors() > 0);
            assertEquals(refused.requests(), refused.connErrors());
            assertEquals(0, server.requests.get());

            LevelResult waived = new LoadTest(against(server).concurrencyLevels(List.of(1)).caDir(null)
                    .insecureTrust(true).build(), ProgressListener.NONE).run().get(0);
            assertTrue(waived.ok() > 0);
            assertEquals(waived.ok(), waived.requests());
        }
    }

    @Test
    void refusedConnectionsAreConnectionErrors() throws Exception {
        int closedPort;
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            closedPort = server.port();
        }
        LevelResult r = new LoadTest(LoadTestConfig.builder()
                .endpoint(SrmEndpoint.parse("httpg://localhost:" + closedPort + "/srm/managerv2"))
                .proxyFile(pki.proxyFile).caDir(pki.trustDir()).operation(Operation.PING)
                .concurrencyLevels(List.of(2)).duration(Duration.ofMillis(500)).warmup(Duration.ZERO)
                .errorBackoff(Duration.ofMillis(50)).build(), ProgressListener.NONE).run().get(0);

        assertEquals(0, r.ok());
        assertTrue(r.connErrors() > 0);
        assertEquals(r.requests(), r.connErrors());
        assertTrue(r.statusCounts().containsKey("srmPing ConnectException"), r.statusCounts().toString());
    }
}

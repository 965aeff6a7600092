package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --busy-pause}: after a busy answer a client waits before its next call, as gfal2 does (0.2 s, doubled after
 * each busy answer in a row, at most 5 s); {@code none} retries at once. Against a real JSSE httpg server whose
 * srmPing answers busy; the gaps are read from the server's arrival times.
 */
@Timeout(60)
class BusyPauseTest {
    @TempDir
    static Path dir;
    static TestPki pki;

    @BeforeAll
    static void pki() throws Exception {
        pki = new TestPki(dir);
    }

    @Test
    void gfal2sPausesDoubleUpToFiveSeconds() {
        BusyPause p = BusyPause.GFAL2;
        assertEquals(List.of(200L, 400L, 800L, 1600L, 3200L, 5000L, 5000L),
                List.of(1, 2, 3, 4, 5, 6, 20).stream().map(n -> p.after(n).toMillis()).toList());
        assertTrue(p.pauses());
        assertFalse(BusyPause.NONE.pauses());
        assertEquals(BusyPause.GFAL2, LoadTestConfig.builder().endpoint(SrmEndpoint.parse("httpg://h:1/srm/managerv2"))
                .proxyFile(Path.of("p")).caDir(Path.of("c")).operation(Operation.PING).build().busyPause(),
                "gfal2's behaviour is the default");
    }

    @Test
    void parsesNamesAndTimes() {
        assertEquals(BusyPause.GFAL2, BusyPause.parse("gfal2"));
        assertEquals(BusyPause.NONE, BusyPause.parse("none"));
        assertEquals(new BusyPause(Duration.ofMillis(500), Duration.ofMillis(500)), BusyPause.parse("500ms"));
        assertEquals(new BusyPause(Duration.ofSeconds(1), Duration.ofSeconds(10)), BusyPause.parse("1s:10s"));
        assertThrows(IllegalArgumentException.class, () -> BusyPause.parse("2s:1s"));
        assertThrows(IllegalArgumentException.class, () -> BusyPause.parse("soon"));
    }

    @Test
    void aClientWaitsLongerAfterEachBusyAnswerInARow() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            server.busy = n -> true;
            LevelResult r = new LoadTest(ping(server, BusyPause.GFAL2, Duration.ofMillis(2500)), ProgressListener.NONE)
                    .run().get(0);

            assertEquals(0, r.ok());
            assertTrue(r.statusCounts().containsKey("srmPing SRM_INTERNAL_ERROR"), r.statusCounts().toString());
            List<Long> at = server.requestNanos;
            // calls at 0, 0.2, 0.6, 1.4 s, then 3.0 s: past the level's end
            assertTrue(at.size() >= 2 && at.size() <= 4, "calls in 2.5 s: " + at.size());
            for (int i = 1; i < at.size(); i++) {
                long gapMillis = (at.get(i) - at.get(i - 1)) / 1_000_000;
                assertTrue(gapMillis >= 200L << (i - 1), "pause " + i + " was " + gapMillis + " ms");
            }
        }
    }

    @Test
    void withoutAPauseAClientRetriesAtOnce() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            server.busy = n -> true;
            new LoadTest(ping(server, BusyPause.NONE, Duration.ofMillis(1500)), ProgressListener.NONE).run();

            assertTrue(server.requestNanos.size() > 10, "calls in 1.5 s: " + server.requestNanos.size());
        }
    }

    @Test
    void anAnsweredCallStartsThePausesAgain() throws Exception {
        try (TinySrmServer server = new TinySrmServer(pki.host, pki.pki.caCertificate(), 200)) {
            server.busy = n -> n != 3; // busy, busy, answered, busy, busy, ...
            LevelResult r = new LoadTest(ping(server, BusyPause.GFAL2, Duration.ofMillis(1500)), ProgressListener.NONE)
                    .run().get(0);

            assertEquals(1, r.ok());
            List<Long> at = server.requestNanos;
            assertTrue(at.size() >= 5, "calls in 1.5 s: " + at.size());
            assertTrue(millis(at, 1) >= 200 && millis(at, 2) >= 400, "two busy answers in a row: 0.2 s, then 0.4 s");
            assertTrue(millis(at, 3) < 200, "no pause after an answer: " + millis(at, 3) + " ms");
            long again = millis(at, 4);
            assertTrue(again >= 200 && again < 750, "the first busy answer after an answer: 0.2 s again, not 0.8 s: "
                    + again + " ms");
        }
    }

    /** Milliseconds between call {@code i - 1} and call {@code i} (from 0). */
    private static long millis(List<Long> at, int i) {
        return (at.get(i) - at.get(i - 1)) / 1_000_000;
    }

    private static LoadTestConfig ping(TinySrmServer server, BusyPause pause, Duration duration) {
        return LoadTestConfig.builder().endpoint(SrmEndpoint.parse(server.endpoint())).proxyFile(pki.proxyFile)
                .caDir(pki.trustDir()).operation(Operation.PING).concurrencyLevels(List.of(1)).warmup(Duration.ZERO)
                .duration(duration).pauseBetweenLevels(Duration.ZERO).requestTimeout(Duration.ofSeconds(10))
                .busyPause(pause).build();
    }
}

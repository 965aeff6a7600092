package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensrm.server.SrmServer;
import org.opensrm.testkit.NoProcessLeftBehind;

/**
 * Three frontends behind HAProxy under load ({@link ThreeBalancedFrontends}, {@link MixedLoad}): five clients cycle
 * puts, two-file gets and listings through the balancer; the gets and puts the balancer hands to frontend Q stay
 * queued there (its only door refuses connections). Once Q holds at least three requests, it is killed with
 * SIGKILL while the load goes on. Shown: within the take-over delay A and B serve Q's queued files; every token
 * answered to a client keeps answering; and no file is served twice, counted where the data moves: each door's
 * transfer log has exactly one completed transfer for every file of every cycle (a file given a second TURL would
 * be moved twice by its client, a file never served not at all), and nothing else.
 */
@Timeout(900)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class FrontendKilledBehindBalancerTest {
    private static final Duration DELAY = Duration.ofSeconds(6);
    /** A loaded 2-core host: what the take-over may take beyond its delay (a heartbeat, a pass, a poll). */
    private static final Duration SLACK = Duration.ofSeconds(30);
    private static final int ON_Q = 3;

    static ThreeBalancedFrontends frontends;

    @BeforeAll
    static void start() throws Exception {
        frontends = ThreeBalancedFrontends.start(Map.of("srm.frontend.takeover.delay", DELAY.toSeconds() + "s"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (frontends != null) {
            frontends.close();
        }
    }

    @Test
    void aFrontendKilledUnderLoadHasItsQueuedFilesServedOnceByTheOthers() throws Exception {
        int connections = frontends.storeConnections();
        System.out.printf("FrontendKilledBehindBalancerTest: the three frontends hold %d PostgreSQL connections"
                + " (max_connections %d)%n", connections, ThreeBalancedFrontends.MAX_CONNECTIONS);
        assertTrue(connections <= 3 * 2 * 24, connections + " connections: more than two pools per frontend");

        E2eSite site = frontends.site();
        long workedBefore = worked(site.server()) + worked(frontends.frontendB());
        MixedLoad load = MixedLoad.start(site, frontends.port(), 5,
                List.of(MixedLoad.Kind.PUT, MixedLoad.Kind.GET, MixedLoad.Kind.LS), Duration.ofMinutes(5));
        try {
            List<String> onQ = awaitHeldByQ(load, ON_Q, Duration.ofMinutes(4));
            int orphanFiles = 0;
            for (String token : onQ) {
                MixedLoad.Cycle c = load.byToken(token);
                assertNotNull(c, "a request on Q that no client holds: " + token);
                orphanFiles += c.paths.size();
            }
            frontends.frontendQ().kill();
            long killed = System.nanoTime();

            // Q's requests are served by A and B, while the clients keep cycling through the balancer.
            long deadline = killed + DELAY.plus(SLACK).toNanos();
            long lastServed = 0;
            for (String token : onQ) {
                MixedLoad.Cycle c = load.byToken(token);
                while (c.settledAt == 0 && !c.ended()) {
                    assertTrue(System.nanoTime() < deadline, "Q's request not served within " + DELAY.plus(SLACK)
                            + " of the kill: " + c);
                    TimeUnit.MILLISECONDS.sleep(100);
                }
                lastServed = Math.max(lastServed, c.settledAt);
            }
            double seconds = (lastServed - killed) / 1e9;
            System.out.printf("FrontendKilledBehindBalancerTest: %d requests (%d files) queued on Q served by A and B"
                    + " %.1f s after SIGKILL (take-over delay %d s)%n", onQ.size(), orphanFiles, seconds,
                    DELAY.toSeconds());
            for (String token : onQ) {
                String holder = frontends.holderOf(token);
                assertTrue(Set.of(ThreeBalancedFrontends.A, ThreeBalancedFrontends.B).contains(holder),
                        token + " is held by " + holder);
            }
            long workedAtSettle = worked(site.server()) + worked(frontends.frontendB()) - workedBefore;

            // a few more cycles after the kill, then every client ends its cycle
            int before = load.cycles().size();
            long more = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (load.cycles().size() < before + 6) {
                assertTrue(System.nanoTime() < more, "the load stopped after the kill: " + load.outcomes());
                TimeUnit.MILLISECONDS.sleep(100);
            }
            assertTrue(load.drain(Duration.ofMinutes(5)), "clients still busy: " + load.outcomes());
            load.verify();

            List<MixedLoad.Cycle> cycles = load.cycles();
            System.out.printf("FrontendKilledBehindBalancerTest: %d cycles, %s; polls unanswered (the kill): %d%n",
                    cycles.size(), load.outcomes(), cycles.stream().mapToInt(c -> c.unanswered.get()).sum());
            for (MixedLoad.Cycle c : cycles) {
                assertEquals(null, c.lost, c::toString);
                assertTrue(MixedLoad.FINISHED.equals(c.outcome) || c.outcome.endsWith(" unanswered"),
                        "every cycle finishes (a call cut by the kill aside): " + c);
            }
            for (String token : onQ) {
                assertEquals(MixedLoad.FINISHED, load.byToken(token).outcome, load.byToken(token)::toString);
            }

            // No file served twice, none unserved: the doors' own logs, one completed transfer per file.
            Map<String, Integer> atDoors = frontends.doorTransfers();
            Map<String, Integer> expected = new HashMap<>();
            List<String> servedTwice = new ArrayList<>();
            int files = 0;
            int transfers = 0;
            for (MixedLoad.Cycle c : cycles) {
                for (String path : c.paths) {
                    Set<String> given = c.turls.get(path);
                    if (given != null) {
                        files++;
                        if (given.size() != 1) {
                            servedTwice.add(path + " was given " + given);
                        }
                    }
                }
                transfers += c.transfers.size();
                c.transfers.forEach(t -> expected.merge(t, 1, Integer::sum));
                if (MixedLoad.FINISHED.equals(c.outcome) && c.kind != MixedLoad.Kind.LS) {
                    assertEquals(c.paths.size(), c.transfers.size(), "a finished cycle moved each file: " + c);
                }
            }
            assertEquals(List.of(), servedTwice, "each file one TURL");
            assertEquals(transfers, expected.size(), "the clients moved each TURL once: " + expected);
            Map<String, Integer> ours = new HashMap<>(atDoors);
            ours.keySet().retainAll(expected.keySet());
            assertEquals(expected, ours, "the doors moved each file of each cycle exactly once");
            assertEquals(expected.keySet(), atDoors.keySet(), "the doors moved nothing else: " + atDoors);
            System.out.printf("FrontendKilledBehindBalancerTest: %d files, %d transfers at the doors, each once%n",
                    files, atDoors.values().stream().mapToInt(Integer::intValue).sum());

            // The engines' own counter, beside the exact count above (it was once read below the files served).
            long workedAtEnd = worked(site.server()) + worked(frontends.frontendB()) - workedBefore;
            System.out.printf("FrontendKilledBehindBalancerTest: srm_full_files_worked_total of A and B: %d when"
                    + " Q's requests had settled, %d at the end (files queued on Q: %d; files served at once are"
                    + " not in it)%n", workedAtSettle, workedAtEnd, orphanFiles);
        } finally {
            load.close();
        }
    }

    /** Waits until Q holds at least {@code n} queued requests and their clients know them; returns their tokens. */
    private static List<String> awaitHeldByQ(MixedLoad load, int n, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        List<String> tokens = frontends.activeTokensOf(ThreeBalancedFrontends.Q);
        while (tokens.size() < n) {
            assertTrue(System.nanoTime() < deadline, "Q holds " + tokens.size() + " requests after " + within);
            TimeUnit.MILLISECONDS.sleep(200);
            tokens = frontends.activeTokensOf(ThreeBalancedFrontends.Q);
        }
        // the clients learn their tokens from the answer, a moment after the store has the request
        long known = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (tokens.stream().anyMatch(t -> load.byToken(t) == null)) {
            assertTrue(System.nanoTime() < known, "requests on Q no client got the token of: " + tokens);
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return tokens;
    }

    private static long worked(SrmServer server) {
        Matcher m = Pattern.compile("(?m)^srm_full_files_worked_total (\\S+)$").matcher(server.metrics().render());
        assertTrue(m.find(), "no srm_full_files_worked_total");
        return (long) Double.parseDouble(m.group(1));
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensrm.client.HttpgClient;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.PostgresCluster;

/**
 * Full mode on a real PostgreSQL primary with a streaming standby (made by the test: initdb, pg_basebackup -R,
 * commits synchronous to the standby), the frontend configured with the JDBC multi-host URL
 * ({@code targetServerType=primary}), under a steady load of srmPrepareToPut: the primary is stopped for
 * {@value #OUTAGE_S} s and started again, then crashed and its standby promoted. Every call is answered at once,
 * with a token or with SRM_INTERNAL_ERROR (gfal2 retries it), never hangs; the frontend serves again by itself
 * each time (time to recovery printed); and every request answered with a token is in the database afterwards.
 */
@Timeout(600)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class PostgresFailoverTest {
    private static final long OUTAGE_S = 20;
    /** Well above the store's connection timeout (2 s), below the client's own (30 s). */
    private static final long AT_ONCE_MS = 15_000;
    private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(60);
    /** Tokens answered after each recovery before the next fault, so that every fault strikes a steady load. */
    private static final int STEADY_TOKENS = 30;

    static PostgresCluster primary;
    static PostgresCluster standby;
    static E2eSite site;

    @BeforeAll
    static void start() throws Exception {
        primary = PostgresCluster.create();
        primary.createDatabase("srm");
        standby = primary.streamingStandby();
        primary.requireSynchronousStandby();
        site = E2eSite.start(FullModeSites.onPostgres(PostgresCluster.primaryUrl("srm", primary, standby)));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
        if (standby != null) {
            standby.close();
        }
        if (primary != null) {
            primary.close();
        }
    }

    @Test
    void noAcknowledgedRequestIsLostWhenThePrimaryRestartsOrItsStandbyIsPromoted() throws Exception {
        long begun = System.nanoTime();
        try (PutLoad load = new PutLoad(3)) {
            load.awaitTokenCount(begun, STEADY_TOKENS, RECOVERY_LIMIT);

            long stopped = System.nanoTime();
            primary.stop();
            long refusedBefore = load.refused();
            load.awaitOutage(stopped, Duration.ofSeconds(OUTAGE_S));
            long started = System.nanoTime();
            primary.start();
            Duration restart = load.awaitTokensAfter(started, RECOVERY_LIMIT);
            System.out.printf("PostgresFailoverTest: primary stopped %d s: %d calls answered SRM_INTERNAL_ERROR; "
                            + "first token %d ms after it started again%n", OUTAGE_S, load.refused() - refusedBefore,
                    restart.toMillis());
            load.awaitTokenCount(started, STEADY_TOKENS, RECOVERY_LIMIT); // the load runs steadily when it crashes

            long crashed = System.nanoTime();
            primary.crash();
            standby.promote();
            long promoted = System.nanoTime();
            Duration failover = load.awaitTokensAfter(promoted, RECOVERY_LIMIT);
            System.out.printf("PostgresFailoverTest: primary crashed, standby promoted in %d ms; first token %d ms "
                            + "after the promotion%n", TimeUnit.NANOSECONDS.toMillis(promoted - crashed),
                    failover.toMillis());
            load.awaitTokenCount(promoted, STEADY_TOKENS, RECOVERY_LIMIT);
            load.stop();

            assertEquals(List.of(), load.unexpected(), "every call answered with a token or SRM_INTERNAL_ERROR");
            assertTrue(load.longestMillis() < AT_ONCE_MS, "longest answer " + load.longestMillis() + " ms");
            Set<String> kept = new HashSet<>(List.of(standby.sql("srm", "SELECT token FROM srm_request").split("\n")));
            List<String> answered = load.tokens();
            List<String> lost = answered.stream().filter(t -> !kept.contains(t)).toList();
            System.out.printf("PostgresFailoverTest: %d calls, %d tokens answered, %d found in the promoted "
                            + "database, %d lost; %d answered SRM_INTERNAL_ERROR; longest answer %d ms%n",
                    load.calls(), answered.size(), answered.size() - lost.size(), lost.size(), load.refused(),
                    load.longestMillis());
            assertEquals(List.of(), lost, "acknowledged requests lost");
            assertTrue(answered.size() > 0 && load.refused() > 0, "the load saw both the service and the outages");
        }
    }

    /**
     * Clients that each make one srmPrepareToPut after the other (a new SURL each) until stopped, and keep every
     * token they were answered, with the time of the answer.
     */
    final class PutLoad implements AutoCloseable {
        private final List<Thread> threads = new ArrayList<>();
        private final List<String> tokens = new ArrayList<>();
        private final List<Long> tokenTimes = new ArrayList<>();
        private final List<String> unexpected = new ArrayList<>();
        private long refused;
        private long calls;
        private long longestNanos;
        private volatile boolean running = true;

        PutLoad(int clients) {
            for (int i = 0; i < clients; i++) {
                int client = i;
                Thread t = new Thread(() -> run(client), "put-load-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }

        private void run(int client) {
            SpecRequests alice = new SpecRequests(new SrmSoap(site.port(),
                    new HttpgClient(site.alice().proxyFile(), site.grid().trustDir()).withTimeoutMillis(30_000),
                    Map.of()));
            for (int n = 0; running; n++) {
                long t0 = System.nanoTime();
                String outcome;
                String token = null;
                try {
                    var r = alice.put(List.of(site.surl("/alice/load-" + client + "-" + n + ".bin")),
                            List.of("gsiftp"), 3600);
                    outcome = SpecRequests.status(r, "srmPrepareToPut");
                    token = r.text("srmPrepareToPutResponse/requestToken");
                } catch (Exception e) {
                    outcome = e.toString();
                }
                long t1 = System.nanoTime();
                synchronized (this) {
                    calls++;
                    longestNanos = Math.max(longestNanos, t1 - t0);
                    if (token != null && !token.isEmpty()) {
                        tokens.add(token);
                        tokenTimes.add(t1);
                    } else if ("SRM_INTERNAL_ERROR".equals(outcome)) {
                        refused++;
                    } else {
                        unexpected.add(outcome);
                    }
                    notifyAll();
                }
            }
        }

        /** Waits for the first token answered after {@code since} (System.nanoTime) and returns how long after. */
        synchronized Duration awaitTokensAfter(long since, Duration limit) throws InterruptedException {
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                for (long at : tokenTimes) {
                    if (at > since) {
                        return Duration.ofNanos(at - since);
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no token answered within " + limit + "; refused " + refused
                            + ", unexpected " + unexpected);
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        /** Waits until {@code count} tokens were answered after {@code since} (System.nanoTime). */
        synchronized void awaitTokenCount(long since, int count, Duration limit) throws InterruptedException {
            long deadline = System.nanoTime() + limit.toNanos();
            while (tokenTimes.stream().filter(at -> at > since).count() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("fewer than " + count + " tokens within " + limit);
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        /** Waits until the outage begun at {@code since} lasted {@code length} and calls were refused meanwhile. */
        synchronized void awaitOutage(long since, Duration length) throws InterruptedException {
            long refusedAtStart = refused;
            long end = since + length.toNanos();
            while (System.nanoTime() < end || refused == refusedAtStart) {
                long left = Math.max(end - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(100));
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        synchronized List<String> tokens() {
            return List.copyOf(tokens);
        }

        synchronized List<String> unexpected() {
            return List.copyOf(unexpected);
        }

        synchronized long refused() {
            return refused;
        }

        synchronized long calls() {
            return calls;
        }

        synchronized long longestMillis() {
            return TimeUnit.NANOSECONDS.toMillis(longestNanos);
        }

        void stop() throws InterruptedException {
            running = false;
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(60));
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop();
        }
    }
}

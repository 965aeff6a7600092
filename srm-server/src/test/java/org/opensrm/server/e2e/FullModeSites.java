package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.PostgresCluster;

/** Settings and polling shared by the full-mode tests. */
final class FullModeSites {
    /** Request statuses a client polls again on. */
    private static final Set<String> WAITING = Set.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS");
    private static final long POLL_LIMIT_S = 90;

    private FullModeSites() {
    }

    /** Full mode on the shared store at {@code jdbcUrl} (a {@link PostgresCluster} database, trust on loopback). */
    static Map<String, String> onPostgres(String jdbcUrl) {
        return Map.of("srm.mode", "full", "srm.store", "postgresql", "srm.store.postgresql.url", jdbcUrl,
                "srm.store.postgresql.user", PostgresCluster.USER);
    }

    /** A status call, as the test makes it. */
    interface StatusCall {
        HttpgResponse call() throws Exception;
    }

    /**
     * Polls {@code status} as a client does (every 200 ms here) until the request is no longer queued or in
     * progress, and returns that answer; fails after 90 s with the last one.
     */
    static HttpgResponse pollUntilSettled(StatusCall status, String op) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(POLL_LIMIT_S);
        HttpgResponse last = status.call();
        while (WAITING.contains(SpecRequests.status(last, op))) {
            if (System.nanoTime() > deadline) {
                fail("still waiting after " + POLL_LIMIT_S + " s: " + last);
            }
            Thread.sleep(200);
            last = status.call();
        }
        return last;
    }
}

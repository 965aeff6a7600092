package org.opensrm.loadtest.internal;

import java.time.Duration;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Polls a request's status operation until the answer is the one waited for, pausing between polls, for at most a
 * given time. Shared by the put and get cycles. Not thread-safe: one per client.
 */
final class StatusPolling {
    private static final Set<String> PENDING = Set.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS");
    private final long pauseMillis;
    private final long maxNanos;

    StatusPolling(Duration pause, Duration max) {
        this.pauseMillis = pause.toMillis();
        this.maxNanos = max.toNanos();
    }

    /** Whether the request status says the request is still queued or in progress. */
    static boolean isPending(SrmReply reply) {
        return reply.requestStatus() != null && PENDING.contains(reply.requestStatus());
    }

    /**
     * Sends {@code status} until {@code done} holds for the answer; pauses before every send but the first unless
     * {@code pauseFirst}.
     *
     * @return the last answer, or the failure that ended the polling (the time running out included)
     */
    SrmExchange.Result until(SrmExchange exchange, SoapCall status, Predicate<SrmReply> done, boolean pauseFirst)
            throws InterruptedException {
        long deadline = System.nanoTime() + maxNanos;
        boolean pause = pauseFirst;
        while (true) {
            if (pause) {
                Thread.sleep(pauseMillis);
            }
            pause = true;
            SrmExchange.Result latest = exchange.send(status, false);
            if (latest.failed() || done.test(latest.reply())) {
                return latest;
            }
            if (System.nanoTime() - deadline > 0) {
                return new SrmExchange.Result(latest.reply(),
                        Outcome.srmOther(status.operation() + " still " + latest.reply().describe()));
            }
        }
    }
}

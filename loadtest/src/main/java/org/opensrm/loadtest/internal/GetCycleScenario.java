package org.opensrm.loadtest.internal;

import java.time.Duration;

/**
 * The get cycle of an existing file, without the transfer: {@code srmPrepareToGet}, {@code srmStatusOfGetRequest}
 * at least once and until the file is SRM_FILE_PINNED (immediately, then pausing between polls), then
 * {@code srmReleaseFiles}: one cycle is at least three calls, as the full-mode benchmark counts them.
 *
 * <p>OK when the file was pinned and ReleaseFiles answered SRM_SUCCESS; anything else is
 * {@link OutcomeKind#SRM_OTHER} with what was seen.
 */
public final class GetCycleScenario implements Scenario {
    private static final String PINNED = "SRM_FILE_PINNED";
    private final String surl;
    private final SoapCall prepare;
    private final StatusPolling polling;

    public GetCycleScenario(String surl, Duration pollInterval, Duration maxPolling) {
        this.surl = surl;
        this.prepare = SrmRequests.prepareToGet(surl);
        this.polling = new StatusPolling(pollInterval, maxPolling);
    }

    @Override
    public Outcome runOnce(SrmExchange exchange) throws InterruptedException {
        SrmExchange.Result prepared = exchange.send(prepare, false);
        if (prepared.failed()) {
            return prepared.failure();
        }
        String token = prepared.reply().requestToken();
        if (token == null) {
            return Outcome.srmOther("srmPrepareToGet " + prepared.reply().describe() + " (no token)");
        }
        SrmExchange.Result status = polling.until(exchange, SrmRequests.statusOfGetRequest(token),
                reply -> PINNED.equals(reply.fileStatus()) || !StatusPolling.isPending(reply), false);
        if (status.failed()) {
            return status.failure();
        }
        if (!PINNED.equals(status.reply().fileStatus())) {
            return Outcome.srmOther("srmStatusOfGetRequest " + status.reply().describe());
        }
        SrmExchange.Result released = exchange.send(SrmRequests.releaseFiles(token, surl), false);
        if (released.failed()) {
            return released.failure();
        }
        String detail = "srmReleaseFiles " + released.reply().describe();
        return "SRM_SUCCESS".equals(released.reply().requestStatus()) ? Outcome.ok(detail) : Outcome.srmOther(detail);
    }
}

package org.opensrm.loadtest.internal;

import java.time.Duration;

/**
 * The put cycle of a tiny new file, without the transfer: {@code srmPrepareToPut}, {@code srmStatusOfPutRequest}
 * while the request is queued or in progress, then {@code srmPutDone}.
 *
 * <p>OK when PrepareToPut (after polling) reached SRM_SUCCESS with a request token and PutDone got any well-formed SRM
 * answer: with nothing written to the TURL a server is expected to answer SRM_FAILURE (file status
 * SRM_INVALID_PATH), which still means the whole cycle went through the server. The PutDone status is kept in the
 * per-status report. Any other PrepareToPut/polling status is {@link OutcomeKind#SRM_OTHER}.
 */
public final class PutCycleScenario implements Scenario {
    private final String directorySurl;
    private final String filePrefix;
    private final long fileSize;
    private final StatusPolling polling;
    private long sequence;

    /**
     * @param directorySurl where the files are created, one new name per cycle
     * @param filePrefix    distinguishes runs and clients, e.g. {@code loadtest-1a2b3c-c17}
     */
    public PutCycleScenario(String directorySurl, String filePrefix, long fileSize, Duration pollInterval,
                            Duration maxPolling) {
        this.directorySurl = directorySurl.endsWith("/") ? directorySurl : directorySurl + "/";
        this.filePrefix = filePrefix;
        this.fileSize = fileSize;
        this.polling = new StatusPolling(pollInterval, maxPolling);
    }

    @Override
    public Outcome runOnce(SrmExchange exchange) throws InterruptedException {
        String target = directorySurl + filePrefix + "-" + sequence++;
        SrmExchange.Result prepared = exchange.send(SrmRequests.prepareToPut(target, fileSize), false);
        if (prepared.failed()) {
            return prepared.failure();
        }
        String token = prepared.reply().requestToken();
        SrmExchange.Result latest = prepared;
        String operation = "srmPrepareToPut";
        if (StatusPolling.isPending(prepared.reply()) && token != null) {
            operation = "srmStatusOfPutRequest";
            latest = polling.until(exchange, SrmRequests.statusOfPutRequest(token),
                    reply -> !StatusPolling.isPending(reply), true);
            if (latest.failed()) {
                return latest.failure();
            }
        }
        if (!"SRM_SUCCESS".equals(latest.reply().requestStatus()) || token == null) {
            return Outcome.srmOther(operation + " " + latest.reply().describe() + (token == null ? " (no token)" : ""));
        }
        SrmExchange.Result done = exchange.send(SrmRequests.putDone(token, target), false);
        if (done.failed()) {
            return done.failure();
        }
        return Outcome.ok("srmPutDone " + done.reply().describe());
    }
}

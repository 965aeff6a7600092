package org.opensrm.loadtest.internal;

/**
 * One {@code srmPing} per iteration; OK when the answer carries a {@code versionInfo} and no failure (a busy
 * server answers srmPing with its version and an {@code otherInfo} entry {@code error}).
 */
public final class PingScenario implements Scenario {
    private final SoapCall call = SrmRequests.ping();

    @Override
    public Outcome runOnce(SrmExchange exchange) {
        SrmExchange.Result result = exchange.send(call, false);
        if (result.failed()) {
            return result.failure();
        }
        String version = result.reply().versionInfo();
        String failure = result.reply().requestStatus(); // srmPing's otherInfo "error" (e.g. busy), if any
        if (failure != null) {
            return Outcome.srmOther("srmPing " + failure);
        }
        return version == null
                ? new Outcome(OutcomeKind.MALFORMED, "srmPing no versionInfo", 200)
                : Outcome.ok("srmPing " + version);
    }
}

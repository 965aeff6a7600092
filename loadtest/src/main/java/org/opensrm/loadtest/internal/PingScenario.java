package org.opensrm.loadtest.internal;

/** One {@code srmPing} per iteration; OK when the answer carries a {@code versionInfo}. */
public final class PingScenario implements Scenario {
    private final SoapCall call = SrmRequests.ping();

    @Override
    public Outcome runOnce(SrmExchange exchange) {
        SrmExchange.Result result = exchange.send(call, false);
        if (result.failed()) {
            return result.failure();
        }
        String version = result.reply().versionInfo();
        return version == null
                ? new Outcome(OutcomeKind.MALFORMED, "srmPing no versionInfo", 200)
                : Outcome.ok("srmPing " + version);
    }
}

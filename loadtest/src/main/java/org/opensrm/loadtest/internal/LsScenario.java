package org.opensrm.loadtest.internal;

/** One {@code srmLs} per iteration; OK when the request status is the expected one. */
public final class LsScenario implements Scenario {
    private final SoapCall call;
    private final String expectedStatus;

    public LsScenario(String surl, boolean fullDetailedList, int numOfLevels, String expectedStatus) {
        this.call = SrmRequests.ls(surl, fullDetailedList, numOfLevels);
        this.expectedStatus = expectedStatus;
    }

    @Override
    public Outcome runOnce(SrmExchange exchange) {
        SrmExchange.Result result = exchange.send(call, true);
        if (result.failed()) {
            return result.failure();
        }
        String status = result.reply().requestStatus();
        if (status == null) {
            return new Outcome(OutcomeKind.MALFORMED, "srmLs MALFORMED", 200);
        }
        String detail = "srmLs " + status;
        return expectedStatus.equals(status) ? Outcome.ok(detail) : Outcome.srmOther(detail);
    }
}

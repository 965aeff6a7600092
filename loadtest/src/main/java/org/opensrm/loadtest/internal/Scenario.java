package org.opensrm.loadtest.internal;

/** What one client does per iteration. One instance per client; not thread-safe. */
@FunctionalInterface
public interface Scenario {
    /** Runs one iteration (one request, or one put cycle) and says how it ended. */
    Outcome runOnce(SrmExchange exchange) throws InterruptedException;
}

package org.opensrm.loadtest.internal;

import java.util.function.Supplier;

import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.TargetSurl;

/** Makes each client's scenario for the configured operation. */
final class ScenarioFactory {
    private final LoadTestConfig config;
    private final String runId;

    ScenarioFactory(LoadTestConfig config, String runId) {
        this.config = config;
        this.runId = runId;
    }

    Supplier<Scenario> forClient(TargetSurl target, int concurrency, int client) {
        return switch (config.operation()) {
            case LS -> () -> new LsScenario(target.surl(), config.lsFullDetail(), config.lsLevels(),
                    config.expectedStatus());
            case PING -> PingScenario::new;
            case PUT -> () -> new PutCycleScenario(target.surl(),
                    "loadtest-" + runId + "-n" + concurrency + "-c" + client, config.putFileSize(),
                    config.pollInterval(), config.requestTimeout());
            case GET -> () -> new GetCycleScenario(target.surl(), config.pollInterval(), config.requestTimeout());
        };
    }
}

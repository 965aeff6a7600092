package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opensrm.core.RequestKind;
import org.opensrm.core.full.FullModeConfig;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

/** The {@code srm.*} keys full mode reads arrive in the engine's {@link FullModeConfig}, each where it belongs. */
class FullModeConfigMappingTest {
    private static FullModeConfig mapped(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>(Map.of("srm.token.key", "mapping-test-token-key-0123",
                "srm.mode", "full"));
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return FullModeAssembly.fullModeConfig(ServerConfig.from(RawConfig.of(m)));
    }

    @Test
    void everyKeyReachesTheEngine() throws Exception {
        FullModeConfig c = mapped("srm.request.lifetime", "2h", "srm.request.lifetime.max", "3h",
                "srm.pin.lifetime", "20m", "srm.pin.lifetime.max", "40m", "srm.turl.lifetime", "50m",
                "srm.request.max.items", "77", "srm.ls.async.threshold", "9", "srm.ls.async.levels", "2",
                "srm.requests.finished.retention", "5h", "srm.reaper.interval", "7s",
                "srm.scheduler.inprogress.get", "3", "srm.scheduler.inprogress.put", "5",
                "srm.scheduler.inprogress.bringonline", "6", "srm.scheduler.inprogress.ls", "2");
        assertEquals(Duration.ofHours(2), c.defaultRequestLifetime());
        assertEquals(Duration.ofHours(3), c.maxRequestLifetime());
        assertEquals(Duration.ofMinutes(20), c.defaultPinLifetime());
        assertEquals(Duration.ofMinutes(40), c.maxPinLifetime());
        assertEquals(Duration.ofMinutes(50), c.turlLifetime());
        assertEquals(77, c.maxFilesPerRequest());
        assertEquals(9, c.lsAsyncSurls());
        assertEquals(2, c.lsAsyncLevels());
        assertEquals(Duration.ofHours(5), c.finishedRetention());
        assertEquals(Duration.ofSeconds(7), c.reaperInterval());
        assertEquals(3, c.workers(RequestKind.GET));
        assertEquals(5, c.workers(RequestKind.PUT));
        assertEquals(6, c.workers(RequestKind.BRING_ONLINE));
        assertEquals(2, c.workers(RequestKind.LS));
    }

    @Test
    void theDefaultsAreTheEnginesOwnWhereTheyMeanTheSame() throws Exception {
        FullModeConfig c = mapped();
        FullModeConfig d = FullModeConfig.DEFAULTS;
        assertEquals(d.defaultRequestLifetime(), c.defaultRequestLifetime());
        assertEquals(d.maxRequestLifetime(), c.maxRequestLifetime());
        assertEquals(d.defaultPinLifetime(), c.defaultPinLifetime());
        assertEquals(d.maxPinLifetime(), c.maxPinLifetime());
        assertEquals(d.turlLifetime(), c.turlLifetime());
        assertEquals(d.maxFilesPerRequest(), c.maxFilesPerRequest());
        assertEquals(d.lsAsyncSurls(), c.lsAsyncSurls());
        assertEquals(d.lsAsyncLevels(), c.lsAsyncLevels());
        assertEquals(d.finishedRetention(), c.finishedRetention());
        assertEquals(d.reaperInterval(), c.reaperInterval());
        for (RequestKind k : FullModeConfig.WORKED_KINDS) {
            assertEquals(d.workers(k), c.workers(k), k.toString());
        }
    }
}

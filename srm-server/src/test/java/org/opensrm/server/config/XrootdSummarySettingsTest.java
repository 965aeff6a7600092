package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opensrm.gridftp.LoadProbeConfig;
import org.opensrm.gridftp.XrootdSummaryConfig;

/** The {@code gridftp.loadprobe.source=xrootd-summary} and {@code gridftp.loadprobe.xrootd.*} keys. */
class XrootdSummarySettingsTest {
    private static LoadProbeConfig config(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>();
        m.put("srm.token.key", "a-token-key-of-24-chars!");
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return ServerConfig.from(RawConfig.of(m)).gridftpLoadProbe();
    }

    private static void refusedNaming(String key, String... keyValues) {
        ConfigException e = assertThrows(ConfigException.class, () -> config(keyValues));
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() throws Exception {
        LoadProbeConfig c = config("gridftp.selector", "loadprobe", "gridftp.loadprobe.source", "xrootd-summary");
        assertEquals(LoadProbeConfig.Source.XROOTD_SUMMARY, c.source());
        assertEquals(XrootdSummaryConfig.defaults(), c.xrootdSummary());
        assertEquals("127.0.0.1", c.xrootdSummary().listenHost());
        assertEquals(9931, c.xrootdSummary().listenPort());
        assertEquals(Duration.ofSeconds(30), c.xrootdSummary().maxAge());
        assertTrue(c.endpoints().isEmpty(), "no endpoints are needed: the doors push");
    }

    @Test
    void everyKeyIsRead() throws Exception {
        LoadProbeConfig c = config("gridftp.selector", "loadprobe", "gridftp.loadprobe.source", "xrootd-summary",
                "gridftp.loadprobe.xrootd.listen", "0.0.0.0:9930", "gridftp.loadprobe.xrootd.max.age", "1m");
        assertEquals(new XrootdSummaryConfig("0.0.0.0", 9930, Duration.ofMinutes(1)), c.xrootdSummary());
        assertEquals("::1", config("gridftp.loadprobe.xrootd.listen", "[::1]:9931").xrootdSummary().listenHost());
    }

    @Test
    void badValuesAreRefusedNamingTheKey() {
        refusedNaming("gridftp.loadprobe.xrootd.listen", "gridftp.loadprobe.xrootd.listen", "9931");
        refusedNaming("gridftp.loadprobe.xrootd.listen", "gridftp.loadprobe.xrootd.listen", "localhost:70000");
        refusedNaming("gridftp.loadprobe.xrootd.max.age", "gridftp.loadprobe.xrootd.max.age", "500ms");
        refusedNaming("gridftp.loadprobe.xrootd.max.age", "gridftp.loadprobe.xrootd.max.age", "soon");
        refusedNaming("gridftp.loadprobe.source", "gridftp.loadprobe.source", "xrootd-detailed");
    }
}

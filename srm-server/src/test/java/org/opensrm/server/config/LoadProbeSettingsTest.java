package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadProbeConfig;

/** The {@code gridftp.loadprobe.*} keys: documented defaults, parsing, and errors that name the key. */
class LoadProbeSettingsTest {
    private static ServerConfig config(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>();
        m.put("srm.token.key", "a-token-key-of-24-chars!");
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return ServerConfig.from(RawConfig.of(m));
    }

    private static void refusedNaming(String key, String... keyValues) {
        ConfigException e = assertThrows(ConfigException.class, () -> config(keyValues));
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }

    @Test
    void defaultsAreTheBuildersDefaults() throws Exception {
        LoadProbeConfig c = config().gridftpLoadProbe();
        LoadProbeConfig d = LoadProbeConfig.defaults();
        assertEquals(d.toString(), c.toString());
        assertEquals(LoadProbeConfig.Source.BANNER, c.source());
        assertEquals(0.5, c.weightCpu());
        assertEquals(1.25e9, c.linkBytesPerSecond());
    }

    @Test
    void everyKeyIsRead() throws Exception {
        ServerConfig s = config("gridftp.selector", "loadprobe", "gridftp.loadprobe.source", "prometheus",
                "gridftp.loadprobe.endpoints", "http://{host}:9811/metrics, http://{host}:9100/metrics",
                "gridftp.loadprobe.endpoints.door1.example.org.2812", "http://mon.example.org/door1",
                "gridftp.loadprobe.weight.sessions", "2", "gridftp.loadprobe.weight.throughput", "0.25",
                "gridftp.loadprobe.weight.cpu", "0", "gridftp.loadprobe.sessions.max", "40",
                "gridftp.loadprobe.link.bytes", "125000000", "gridftp.loadprobe.stale.intervals", "2",
                "gridftp.loadprobe.dead.intervals", "4", "gridftp.loadprobe.near.tie", "0.2",
                "gridftp.loadprobe.max.answer.bytes", "65536");
        assertEquals("loadprobe", s.gridftpSelector());
        LoadProbeConfig c = s.gridftpLoadProbe();
        assertEquals(LoadProbeConfig.Source.PROMETHEUS, c.source());
        assertEquals(List.of("http://door2.example.org:9811/metrics", "http://door2.example.org:9100/metrics"),
                c.endpointsOf(new GridFtpNode("door2.example.org", 2811)));
        assertEquals(List.of("http://mon.example.org/door1"), c.endpointsOf(new GridFtpNode("door1.example.org", 2812)));
        assertEquals(2, c.weightSessions());
        assertEquals(0.25, c.weightThroughput());
        assertEquals(0, c.weightCpu());
        assertEquals(40, c.sessionsMax());
        assertEquals(1.25e8, c.linkBytesPerSecond());
        assertEquals(2, c.staleIntervals());
        assertEquals(4, c.deadIntervals());
        assertEquals(0.2, c.nearTie());
        assertEquals(65536, c.maxAnswerBytes());
    }

    @Test
    void badValuesAreRefusedNamingTheKey() {
        refusedNaming("gridftp.loadprobe.source", "gridftp.loadprobe.source", "nagios");
        refusedNaming("gridftp.loadprobe.weight.cpu", "gridftp.loadprobe.weight.cpu", "-1");
        refusedNaming("gridftp.loadprobe.weight.cpu", "gridftp.loadprobe.weight.cpu", "lots");
        refusedNaming("gridftp.loadprobe.weight", "gridftp.loadprobe.weight.sessions", "0",
                "gridftp.loadprobe.weight.throughput", "0", "gridftp.loadprobe.weight.cpu", "0");
        refusedNaming("gridftp.loadprobe.sessions.max", "gridftp.loadprobe.sessions.max", "0");
        refusedNaming("gridftp.loadprobe.near.tie", "gridftp.loadprobe.near.tie", "2");
        refusedNaming("gridftp.loadprobe.dead.intervals", "gridftp.loadprobe.stale.intervals", "5",
                "gridftp.loadprobe.dead.intervals", "5");
        refusedNaming("gridftp.loadprobe.endpoints.door1", "gridftp.loadprobe.endpoints.door1", "http://x/");
        refusedNaming("gridftp.loadprobe.endpoints", "gridftp.loadprobe.source", "prometheus");
        refusedNaming("gridftp.selector", "gridftp.selector", "leastloaded");
    }
}

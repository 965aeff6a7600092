package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RawConfigTest {
    @TempDir
    Path dir;

    private static void assertNames(ConfigException e, String key) {
        assertTrue(e.getMessage().contains(key), () -> "message should name " + key + ": " + e.getMessage());
    }

    @Test
    void unknownKeyIsRefusedNamingIt() {
        ConfigException e = assertThrows(ConfigException.class, () -> RawConfig.of(Map.of("srm.prot", "8443")));
        assertNames(e, "srm.prot");
    }

    @Test
    void unknownKeyInFileIsRefusedNamingIt() throws IOException {
        Path f = Files.writeString(dir.resolve("srm.conf"), "srm.port=8443\njetty.thread.max=10\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> ServerConfig.from(RawConfig.load(f, List.of("srm.token.key=0123456789abcdef"))));
        assertNames(e, "jetty.thread.max");
    }

    @Test
    void unknownKeyInSetOverrideIsRefusedNamingIt() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ServerConfig.from(RawConfig.load(null, List.of("ls.max.entrys=5",
                        "srm.token.key=0123456789abcdef"))));
        assertNames(e, "ls.max.entrys");
    }

    @Test
    void setOverrideWithoutEqualsSignIsRefused() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ServerConfig.from(RawConfig.load(null, List.of("srm.port", "srm.token.key=0123456789abcdef"))));
        assertNames(e, "srm.port");
    }

    @Test
    void setOverridesTheFileValue() throws Exception {
        Path f = Files.writeString(dir.resolve("srm.conf"), "srm.port=9000\nls.max.entries=50\n");
        RawConfig c = RawConfig.load(f, List.of("srm.port=9443"));
        assertEquals(9443, c.getInt("srm.port", 0, 65535));
        assertEquals(50, c.getInt("ls.max.entries", 1, 1000));
    }

    @Test
    void unsetKeyFallsBackToItsDocumentedDefault() throws Exception {
        RawConfig c = RawConfig.of(Map.of());
        assertEquals(ConfigKeys.find("srm.port").orElseThrow().defaultValue(), c.get("srm.port"));
        assertEquals(Duration.ofHours(4), c.getDuration("srm.put.lifetime"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "12x", "1.5", "", "99999999999"})
    void nonNumericIntIsRefusedNamingTheKey(String value) throws Exception {
        RawConfig c = RawConfig.of(Map.of("srm.port", value));
        ConfigException e = assertThrows(ConfigException.class, () -> c.getInt("srm.port", 0, 65535));
        assertNames(e, "srm.port");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "65536"})
    void intOutOfRangeIsRefusedNamingTheKey(String value) throws Exception {
        RawConfig c = RawConfig.of(Map.of("srm.port", value));
        ConfigException e = assertThrows(ConfigException.class, () -> c.getInt("srm.port", 0, 65535));
        assertNames(e, "srm.port");
    }

    @ParameterizedTest
    @ValueSource(strings = {"4x", "h", "ms", "-5s", "-5", "-5ms", "1.5h", "four hours", "s30"})
    void badDurationIsRefusedNamingTheKey(String value) throws Exception {
        RawConfig c = RawConfig.of(Map.of("srm.put.lifetime", value));
        ConfigException e = assertThrows(ConfigException.class, () -> c.getDuration("srm.put.lifetime"),
                () -> "'" + value + "' was accepted");
        assertNames(e, "srm.put.lifetime");
    }

    @Test
    void durationsInEveryUnitAreRead() throws Exception {
        Map<String, Duration> cases = Map.of("500ms", Duration.ofMillis(500), "30s", Duration.ofSeconds(30),
                "30", Duration.ofSeconds(30), "5m", Duration.ofMinutes(5), "4h", Duration.ofHours(4),
                "2d", Duration.ofDays(2), "4H", Duration.ofHours(4));
        for (Map.Entry<String, Duration> c : cases.entrySet()) {
            RawConfig raw = RawConfig.of(Map.of("srm.get.lifetime", c.getKey()));
            assertEquals(c.getValue(), raw.getDuration("srm.get.lifetime"), c.getKey());
        }
    }

    @Test
    void valueOutsideOneOfIsRefusedNamingTheKeyAndTheChoices() throws Exception {
        RawConfig c = RawConfig.of(Map.of("gridftp.selector", "fastest"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> c.oneOf("gridftp.selector", "random", "roundrobin"));
        assertNames(e, "gridftp.selector");
        assertTrue(e.getMessage().contains("roundrobin"), e.getMessage());
    }

    @Test
    void listDropsBlanksAndTrims() throws Exception {
        RawConfig c = RawConfig.of(Map.of("srm.surl.hosts", " a.example.org , ,b.example.org,"));
        assertEquals(List.of("a.example.org", "b.example.org"), c.getList("srm.surl.hosts"));
        assertEquals(List.of(), RawConfig.of(Map.of()).getList("gridftp.nodes"));
    }
}

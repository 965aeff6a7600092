package org.opensrm.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.space.SpaceLimits;

/** The {@code space.*} keys of space reservation, with their defaults and errors. */
class SpaceSettingsTest {
    private static ServerConfig config(String... keyValues) throws Exception {
        Map<String, String> m = new HashMap<>();
        m.put("srm.token.key", "a-token-key-of-24-chars!");
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return ServerConfig.from(RawConfig.of(m));
    }

    private static String refused(String... keyValues) {
        return assertThrows(ConfigException.class, () -> config(keyValues)).getMessage();
    }

    @Test
    void theDefaultsReserveNothingAndAreTheCoresOwn() throws Exception {
        SpaceLimits l = config().space().limits();
        assertEquals(SpaceLimits.DEFAULT_LIFETIME, l.defaultLifetime());
        assertEquals(Optional.of(SpaceLimits.DEFAULT_MAX_LIFETIME), l.maxLifetime());
        assertEquals(0, l.defaultVoLimit());
        assertEquals(0, l.userLimit());
        assertEquals(Long.MAX_VALUE, l.siteLimit());
        assertEquals(Map.of(), l.voLimits());
        assertEquals(Set.of(), l.admins());
    }

    @Test
    void everyKeyReachesTheLimits() throws Exception {
        ServerConfig c = config("space.reservation.default-lifetime", "2h", "space.reservation.max-lifetime", "7d",
                "space.limit.vo.atlas", "5000", "space.limit.vo.cms", "7000", "space.limit.vo-default", "10",
                "space.limit.user", "20", "space.limit.site", "90000",
                "space.admins", "/DC=org/CN=Admin One, /DC=org/CN=Admin Two",
                "space.tokens", "DATADISK", "space.token.DATADISK.path", "/data",
                "space.token.DATADISK.group", "/atlas/uk");
        SpaceLimits l = c.space().limits();
        assertEquals(Duration.ofHours(2), l.defaultLifetime());
        assertEquals(Optional.of(Duration.ofDays(7)), l.maxLifetime());
        assertEquals(Map.of("atlas", 5000L, "cms", 7000L), l.voLimits());
        assertEquals(10, l.defaultVoLimit());
        assertEquals(20, l.userLimit());
        assertEquals(90000, l.siteLimit());
        assertTrue(l.isAdmin("/DC=org/CN=Admin Two"));
        assertEquals(Optional.of("/atlas/uk"), c.space().groupOf("DATADISK"));
        assertEquals(Optional.empty(), c.space().groupOf("OTHER"));
    }

    @Test
    void mistakesAreNamed() {
        assertTrue(refused("space.reservation.default-lifetime", "40d").contains("space.reservation.default-lifetime"));
        assertTrue(refused("space.reservation.max-lifetime", "0").contains("space.reservation.max-lifetime"));
        assertTrue(refused("space.limit.vo.atlas", "-1").contains("space.limit.vo.atlas"));
        assertTrue(refused("space.limit.vo.atlas", "lots").contains("space.limit.vo.atlas"));
        assertTrue(refused("space.limit.site", "x").contains("space.limit.site"));
        assertTrue(refused("space.tokens", "D", "space.token.D.path", "/d", "space.token.D.group", "atlas")
                .contains("space.token.D.group"));
        assertTrue(refused("space.tokens", "D", "space.token.D.path", "/d", "space.token.D.group",
                "/atlas/Role=production").contains("space.token.D.group"));
    }
}

package org.opensrm.authz.gridmap;

import org.opensrm.authz.AccountResolver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GridMapConfigTest {
    private static final Path GRID_MAP = Path.of("/etc/grid-security/grid-mapfile");

    @Test
    void defaults() {
        GridMapConfig config = GridMapConfig.builder(GRID_MAP).build();
        assertEquals(GRID_MAP, config.gridMapFile());
        assertEquals(Optional.empty(), config.voRoleMapFile());
        assertEquals(Optional.empty(), config.banListFile());
        assertEquals(Duration.ofSeconds(2), config.refreshInterval());
        assertEquals(Duration.ofMinutes(1), config.accountCacheTtl());
    }

    @Test
    void everythingSet() {
        GridMapConfig config = GridMapConfig.builder(GRID_MAP).voRoleMapFile(Path.of("/v")).banListFile(Path.of("/b"))
                .refreshInterval(Duration.ofMillis(500)).accountCacheTtl(Duration.ZERO).build();
        assertEquals(Optional.of(Path.of("/v")), config.voRoleMapFile());
        assertEquals(Optional.of(Path.of("/b")), config.banListFile());
        assertEquals(Duration.ofMillis(500), config.refreshInterval());
        assertEquals(Duration.ZERO, config.accountCacheTtl());
    }

    @Test
    void invalidValuesAreRefused() {
        assertThrows(NullPointerException.class, () -> GridMapConfig.builder(null));
        assertThrows(IllegalArgumentException.class,
                () -> GridMapConfig.builder(GRID_MAP).refreshInterval(Duration.ofSeconds(-1)).build());
        assertThrows(IllegalArgumentException.class,
                () -> GridMapConfig.builder(GRID_MAP).accountCacheTtl(Duration.ofSeconds(-1)).build());
    }
}

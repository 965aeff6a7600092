package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opensrm.core.RequestKind;

class FullModeConfigTest {
    @Test
    void defaultsAreTheDocumentedOnes() {
        FullModeConfig c = FullModeConfig.DEFAULTS;
        assertEquals(Duration.ofHours(1), c.defaultRequestLifetime());
        assertEquals(Duration.ofHours(24), c.maxRequestLifetime());
        assertEquals(Duration.ofHours(1), c.defaultPinLifetime());
        assertEquals(Duration.ofHours(24), c.maxPinLifetime());
        assertEquals(Duration.ofHours(4), c.turlLifetime());
        for (RequestKind k : FullModeConfig.WORKED_KINDS) {
            assertEquals(4, c.workers(k));
        }
        assertEquals(0, c.workers(RequestKind.RESERVE_SPACE));
        assertEquals(10_000, c.maxFilesPerRequest());
        assertEquals(100, c.lsAsyncSurls());
        assertEquals(1, c.lsAsyncLevels());
        assertEquals(100_000, c.lsEntriesKept());
        assertEquals(Duration.ofHours(24), c.finishedRetention());
        assertEquals(Duration.ofSeconds(10), c.reaperInterval());
        assertEquals(Duration.ofMillis(500), c.answerWithin());
        assertEquals(Duration.ofSeconds(1), c.noDoorRetry());
        assertEquals(Duration.ofSeconds(30), c.noDoorRetryMax());
    }

    @Test
    void inconsistentValuesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder()
                .defaultRequestLifetime(Duration.ofHours(2)).maxRequestLifetime(Duration.ofHours(1)).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder()
                .defaultPinLifetime(Duration.ofDays(2)).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder().turlLifetime(Duration.ZERO).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder().workers(RequestKind.PUT, 0).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder().maxFilesPerRequest(0).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder().lsAsyncSurls(-1).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder()
                .answerWithin(Duration.ofMillis(-1)).build());
        assertThrows(IllegalArgumentException.class, () -> FullModeConfig.builder()
                .noDoorRetry(Duration.ofSeconds(5), Duration.ofSeconds(1)).build());
    }
}

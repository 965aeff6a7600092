package org.opensrm.core.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class GridFtpCopyConfigTest {
    final Path ca = Path.of("/etc/grid-security/certificates");
    final Path work = Path.of("/var/lib/opensrm/copy");

    @Test
    void defaults() {
        GridFtpCopyConfig c = GridFtpCopyConfig.builder(ca, work).build();
        assertEquals(Path.of("/usr/bin/globus-url-copy"), c.globusUrlCopy());
        assertEquals(Path.of("/usr/bin/gfal-rm"), c.gfalRm());
        assertEquals(Path.of("/usr/bin/gfal-sum"), c.gfalSum());
        assertEquals(3, c.attempts());
        assertEquals(Duration.ofSeconds(5), c.firstBackoff());
        assertEquals(Duration.ofMinutes(2), c.maxBackoff());
        assertEquals(Duration.ofMinutes(10), c.stallTimeout());
        assertEquals(List.of(), c.peers().patterns());
    }

    @Test
    void theBackoffDoublesUpToItsCap() {
        GridFtpCopyConfig c = GridFtpCopyConfig.builder(ca, work).backoff(Duration.ofSeconds(5), Duration.ofSeconds(30))
                .build();
        assertEquals(Duration.ofSeconds(5), c.backoffAfter(1));
        assertEquals(Duration.ofSeconds(10), c.backoffAfter(2));
        assertEquals(Duration.ofSeconds(20), c.backoffAfter(3));
        assertEquals(Duration.ofSeconds(30), c.backoffAfter(4));
        assertEquals(Duration.ofSeconds(30), c.backoffAfter(40));
    }

    @Test
    void invalidSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> GridFtpCopyConfig.builder(ca, work).attempts(0).build());
        assertThrows(IllegalArgumentException.class, () -> GridFtpCopyConfig.builder(ca, work)
                .backoff(Duration.ofSeconds(10), Duration.ofSeconds(1)).build());
        assertThrows(IllegalArgumentException.class, () -> GridFtpCopyConfig.builder(ca, work)
                .stallTimeout(Duration.ZERO).build());
        assertThrows(NullPointerException.class, () -> GridFtpCopyConfig.builder(null, work).build());
    }
}

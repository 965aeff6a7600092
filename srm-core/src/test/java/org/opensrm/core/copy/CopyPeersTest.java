package org.opensrm.core.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CopyPeersTest {
    final CopyPeers peers = CopyPeers.of(List.of("door1.example.org", "Door2.Example.org:2812", "*.grid.test",
            "*.pinned.test:4000", "[::1]:2811"));

    @Test
    void hostsPortsAndDomainsMatchAsConfigured() {
        assertTrue(peers.allows(URI.create("gsiftp://door1.example.org/x")));
        assertTrue(peers.allows(URI.create("gsiftp://DOOR1.example.org:9999/x")), "a host without port: any port");
        assertTrue(peers.allows(URI.create("gsiftp://door2.example.org:2812/x")));
        assertFalse(peers.allows(URI.create("gsiftp://door2.example.org/x")), "2811 is not 2812");
        assertTrue(peers.allows(URI.create("gsiftp://a.b.grid.test/x")));
        assertFalse(peers.allows(URI.create("gsiftp://grid.test/x")), "*.domain is below the domain");
        assertFalse(peers.allows(URI.create("gsiftp://evilgrid.test/x")));
        assertTrue(peers.allows(URI.create("gsiftp://x.pinned.test:4000/x")));
        assertFalse(peers.allows(URI.create("gsiftp://x.pinned.test:4001/x")));
        assertTrue(peers.allows(URI.create("gsiftp://[::1]/x")), "no port: 2811");
        assertFalse(peers.allows(URI.create("gsiftp://door1.example.org.attacker.net/x")));
        assertFalse(peers.allows(URI.create("gsiftp:///x")));
    }

    @Test
    void theDefaultAllowsNothing() {
        assertFalse(CopyPeers.NONE.allows(URI.create("gsiftp://localhost/x")));
        assertEquals(List.of(), CopyPeers.NONE.patterns());
    }

    @ParameterizedTest
    @ValueSource(strings = {"*", "*:2811", "", "a.*.org", "x*y.org", "host:0", "host:65536", "host:port"})
    void patternsThatWouldOpenTheRelayOrDoNotParseAreRefused(String pattern) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CopyPeers.of(List.of(pattern)));
        assertTrue(e.getMessage().contains("copy peer"), e.getMessage());
    }

    @Test
    void patternsAreKeptNormalised() {
        assertEquals(List.of("door1.example.org", "door2.example.org:2812", "*.grid.test", "*.pinned.test:4000",
                "[::1]:2811"), peers.patterns());
    }
}

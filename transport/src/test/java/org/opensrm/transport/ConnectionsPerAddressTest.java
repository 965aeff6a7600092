package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.TricklingPeers;

/**
 * {@link TransportConfig#maxConnectionsPerAddress()}: connections from one address beyond the cap are closed as soon
 * as they are accepted and counted in {@link TransportStats#refusedPerAddress()}, while clients from another address
 * are served; when the address's connections close, it is served again. (The handshake deadline is set far beyond
 * the test, so every close seen here is the cap's.)
 */
@Timeout(120)
class ConnectionsPerAddressTest {
    private static final int CAP = 3;

    @TempDir
    static Path dir;
    static EchoSite site;

    @BeforeAll
    static void start() throws Exception {
        site = EchoSite.start(dir, b -> b.maxConnectionsPerAddress(CAP).handshakeTimeout(Duration.ofMinutes(5)));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void connectionsBeyondTheCapAreClosedAtOnceWhileOtherAddressesAreServed() throws Exception {
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        try (TricklingPeers peers = TricklingPeers.start(attacker, InetAddress.getByName("127.0.0.1"),
                site.server.port(), CAP + 7, Duration.ofMillis(200), Duration.ofSeconds(60))) {
            assertTrue(peers.awaitClosedByServer(7, Duration.ofSeconds(30)), "closed: " + peers.closedByServer());
            assertEquals(7, site.server.stats().refusedPerAddress());
            assertEquals(CAP, site.server.stats().openConnections(), "the cap's worth of connections is served");
            assertEquals(0, site.server.stats().refusedConnections(), "the global limit was never reached");

            try (GsiTestClient other = site.client()) {
                other.write("0");
                assertEquals(200, other.post("/srm/managerv2", "<served/>").status(), "127.0.0.1 is served");
            }
            assertEquals(CAP, peers.open(), "the connections within the cap are still open");
        }
        site.awaitOpenConnections(0);
        try (GsiTestClient again = site.client(attacker)) {
            again.write("0");
            assertEquals(200, again.post("/srm/managerv2", "<again/>").status(), "the address is served again");
        }
        assertEquals(7, site.server.stats().refusedPerAddress(), "nothing refused once its connections closed");
    }
}

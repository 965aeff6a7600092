package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;
import org.opensrm.testkit.TricklingPeers;

/**
 * Issue 8, item 2: two thousand connections from one address (127.0.0.2) that never complete a TLS handshake but
 * trickle a byte every half second, so that the idle timeout never fires. While they are held, gfal-ls from
 * 127.0.0.1 lists as usual; then the handshake deadline ({@code jetty.handshake.timeout}, its default here) closes
 * every one of them, and they are counted in the metrics. The per-address cap is raised so that all of them are
 * held (ConnectionsPerAddressTest shows the cap at work).
 */
@Timeout(300)
@Tag("integration")
class NeverHandshakingPeersTest {
    private static final int PEERS = 2000;

    static E2eSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("jetty.max.connections.per.address", "5000"));
        alice = site.clients(site.alice());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aRealClientListsWhileTricklingPeersAreHeldAndTheDeadlineClosesThemAll() throws Exception {
        InetAddress server = InetAddress.getByName("127.0.0.1");
        try (TricklingPeers peers = TricklingPeers.start(InetAddress.getByName("127.0.0.2"), server, site.port(),
                PEERS, Duration.ofMillis(500), Duration.ofSeconds(120))) {
            while (site.server().transportStats().openConnections() < PEERS) {
                Thread.sleep(20); // until the server holds them all; the class timeout bounds the wait
            }
            ClientRun ls = alice.gfal("gfal-ls", site.surl("/alice"));
            assertTrue(ls.ok(), "gfal-ls during the attack: " + ls.describe());

            assertTrue(peers.awaitClosedByServer(PEERS, Duration.ofSeconds(90)),
                    "closed by the server: " + peers.closedByServer() + " of " + PEERS);
        }
        long timeouts = site.server().transportStats().handshakeTimeouts();
        assertEquals(PEERS, timeouts, "every trickling peer was closed by the deadline, gfal-ls by none");
        assertTrue(site.server().metrics().render().contains("\nsrm_connections_handshake_timeouts_total " + timeouts
                + "\n"), "the closes are in the metrics");
        ClientRun after = alice.gfal("gfal-ls", site.surl("/alice"));
        assertTrue(after.ok(), after.describe());
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * {@code jetty.max.connections=2}, and two connections open: gfal2 and ARC, connecting beyond the limit, are
 * closed on arrival and fail at once (docs/overload.md) instead of waiting in the accept backlog; once the
 * connections close they are served again, with nothing to reset. (Two, not one, so that a client closing one
 * connection and opening the next is never refused for the moment the server needs to notice the close.)
 */
@Timeout(300)
@Tag("integration")
class ClientsBeyondTheConnectionLimitTest {
    private static final int LIMIT = 2;

    static E2eSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        // the two held connections send no request: the handshake deadline must not close them during the test
        site = E2eSite.start(Map.of("jetty.max.connections", String.valueOf(LIMIT), "jetty.handshake.timeout", "10m"));
        alice = site.clients(site.alice());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void clientsBeyondTheLimitFailAtOnceAndAreServedOnceTheConnectionsClose() throws Exception {
        HttpgClient holder = new HttpgClient(site.alice().proxyFile(), site.grid().trustDir());
        ClientRun gfal;
        ClientRun arc;
        try (HttpgConnection first = holder.keepAlive("localhost", site.port());
                HttpgConnection second = holder.keepAlive("localhost", site.port())) {
            assertEquals(LIMIT, site.server().transportStats().openConnections());
            gfal = alice.gfal("gfal-ls", site.surl("/alice"));
            arc = alice.arc("arcls", "-t", "30", site.surl("/alice"));
            assertFalse(first.isClosed() || second.isClosed(), "both clients ended while the connections were open");
        }
        assertEquals(70, gfal.exitCode(), "ECOMM: " + gfal.describe());
        assertTrue(gfal.stderr().contains("Communication error on send"), gfal.describe());
        assertEquals(1, arc.exitCode(), arc.describe());
        assertTrue(arc.stderr().contains("Failed to establish connection"), arc.describe());
        long refused = site.server().transportStats().refusedConnections();
        assertTrue(refused >= 2, "refused " + refused);
        assertTrue(site.server().metrics().render().contains("\nsrm_connections_refused_total " + refused + "\n"),
                "the refusals are in the metrics");

        awaitNoOpenConnection();
        ClientRun ls = alice.gfal("gfal-ls", site.surl("/alice"));
        assertTrue(ls.ok(), ls.describe());
        ClientRun arcls = alice.arc("arcls", "-t", "30", site.surl("/alice"));
        assertTrue(arcls.ok(), arcls.describe());
        assertEquals(refused, site.server().transportStats().refusedConnections(), "nothing refused once load dropped");
    }

    /** The server notices a closed connection asynchronously; the class timeout bounds the wait. */
    private static void awaitNoOpenConnection() throws InterruptedException {
        while (site.server().transportStats().openConnections() != 0) {
            Thread.sleep(20);
        }
    }
}

package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TransportConfig#maxConnections()}: a connection beyond the limit is closed as soon as it is accepted (its
 * client's TLS handshake fails at once, where it used to wait in the accept backlog until its own timeout), the
 * connections being served carry on, and as soon as they close new connections are served again.
 */
@Timeout(60)
class ConnectionLimitTest {
    private static final int LIMIT = 2;

    @TempDir
    static Path dir;
    static EchoSite site;

    @BeforeAll
    static void start() throws Exception {
        site = EchoSite.start(dir, b -> b.maxConnections(LIMIT));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aConnectionBeyondTheLimitIsClosedAtOnceAndNewOnesAreServedWhenOthersClose() throws Exception {
        GsiTestClient first = served();
        GsiTestClient second = served();
        assertEquals(LIMIT, site.server.stats().openConnections());

        try (GsiTestClient third = site.client()) {
            IOException refused = assertThrows(IOException.class, () -> {
                third.handshake();
                third.write("0");
                third.post("/srm/managerv2", "<beyond/>");
            });
            assertFalse(refused instanceof SocketTimeoutException,
                    "the connection beyond the limit waited instead of being closed: " + refused);
        }
        assertEquals(1, site.server.stats().refusedConnections());
        assertEquals(200, first.post("/srm/managerv2", "<still/>").status(), "served connections carry on");

        first.close();
        second.close();
        site.awaitOpenConnections(0);
        try (GsiTestClient again = served(); GsiTestClient andAgain = served()) {
            assertEquals(LIMIT, site.server.stats().openConnections());
        }
        assertEquals(1, site.server.stats().refusedConnections(), "nothing refused once load dropped");
    }

    private static GsiTestClient served() throws Exception {
        GsiTestClient c = site.client();
        c.handshake();
        c.write("0");
        assertEquals(200, c.post("/srm/managerv2", "<served/>").status());
        return c;
    }
}

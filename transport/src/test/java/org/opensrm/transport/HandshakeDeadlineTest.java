package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.TricklingPeers;

/**
 * {@link TransportConfig#handshakeTimeout()}: a connection that has not sent the complete head of its first
 * request within the deadline of its accept is closed, at whatever stage it stalls and however often it trickles a
 * byte (the idle timeout, here far longer, restarts with every byte); it is counted in
 * {@link TransportStats#handshakeTimeouts()}. A connection that made it is not touched by the deadline any more.
 */
@Timeout(120)
class HandshakeDeadlineTest {
    private static final Duration DEADLINE = Duration.ofSeconds(1);
    /** Longest the tests wait for the server to close a stalled connection: far beyond the deadline. */
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @TempDir
    static Path dir;
    static EchoSite site;
    static HttpgServer server;

    @BeforeAll
    static void start() throws Exception {
        site = EchoSite.start(dir, b -> b.idleTimeout(Duration.ofMinutes(5)).handshakeTimeout(DEADLINE));
        server = site.server;
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aTlsHandshakeThatTricklesForeverIsClosed() throws Exception {
        long before = server.stats().handshakeTimeouts();
        try (TricklingPeers peers = TricklingPeers.start(InetAddress.getByName("127.0.0.1"),
                InetAddress.getByName("127.0.0.1"), server.port(), 3, Duration.ofMillis(100), PATIENCE)) {
            assertTrue(peers.awaitClosedByServer(3, PATIENCE), "still open: " + peers.open());
        }
        assertEquals(3, server.stats().handshakeTimeouts() - before);
    }

    @Test
    void aClientThatFinishesTlsButNeverSendsTheGsiByteIsClosed() throws Exception {
        long before = server.stats().handshakeTimeouts();
        try (GsiTestClient c = client()) {
            c.handshake();
            c.socket().setSoTimeout((int) PATIENCE.toMillis());
            assertClosedByServer(c);
        }
        assertEquals(1, server.stats().handshakeTimeouts() - before);
    }

    @Test
    void aClientThatSendsTheGsiByteAndTricklesTheRequestHeadIsClosed() throws Exception {
        long before = server.stats().handshakeTimeouts();
        try (GsiTestClient c = client()) {
            c.handshake();
            c.write("0");
            c.socket().setSoTimeout(100); // the pace of the trickle: one byte per 100 ms of silence
            // a well-formed head that never ends: the request line, then one short header after another
            String head = "POST /srm/managerv2 HTTP/1.1\r\nHost: 127.0.0.1\r\n";
            String header = "X-Pad: a\r\n";
            long giveUp = System.nanoTime() + PATIENCE.toNanos();
            for (int i = 0; ; i++) {
                if (System.nanoTime() - giveUp > 0) {
                    fail("a trickled request head was still being read after " + PATIENCE);
                }
                int p = (i - head.length()) % header.length();
                try {
                    c.write(i < head.length() ? head.substring(i, i + 1) : header.substring(p, p + 1));
                    if (c.read() == -1) {
                        break;
                    }
                } catch (SocketTimeoutException quiet) {
                    continue; // nothing from the server yet: trickle on
                } catch (IOException closed) {
                    break;
                }
            }
        }
        assertEquals(1, server.stats().handshakeTimeouts() - before);
    }

    @Test
    void aConnectionThatSentItsFirstRequestIsKeptBeyondTheDeadline() throws Exception {
        long before = server.stats().handshakeTimeouts();
        try (GsiTestClient c = client()) {
            c.handshake();
            c.write("0");
            assertEquals(200, c.post("/srm/managerv2", "<first/>").status());
            Thread.sleep(DEADLINE.multipliedBy(2).toMillis()); // keep-alive pause past the deadline
            assertEquals(200, c.post("/srm/managerv2", "<second/>").status());
        }
        assertEquals(0, server.stats().handshakeTimeouts() - before);
    }

    @Test
    void aPlainHttpsClientMeetsTheDeadlineWithItsFirstRequest() throws Exception {
        long before = server.stats().handshakeTimeouts();
        try (GsiTestClient c = client()) {
            assertEquals(200, c.post("/srm/managerv2", "<plain/>").status());
            Thread.sleep(DEADLINE.multipliedBy(2).toMillis()); // the scenario: an idle keep-alive past the deadline
            assertEquals(200, c.post("/srm/managerv2", "<again/>").status());
        }
        assertEquals(0, server.stats().handshakeTimeouts() - before);
    }

    private static GsiTestClient client() throws Exception {
        return site.client();
    }

    private static void assertClosedByServer(GsiTestClient c) {
        try {
            assertEquals(-1, c.read(), "expected the server to close the connection");
        } catch (SocketTimeoutException e) {
            fail("the server kept a stalled connection open for " + PATIENCE);
        } catch (IOException e) {
            // reset or TLS close: closed by the server as well
        }
    }
}

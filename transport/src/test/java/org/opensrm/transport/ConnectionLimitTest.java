package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

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
    static DevPki pki;
    static Credential proxy;
    static HttpgServer server;

    @BeforeAll
    static void start() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        proxy = pki.proxy(pki.issueUser("Alice", Duration.ofDays(1)), Duration.ofHours(1), ProxyStyle.RFC3820);
        server = new HttpgServer(TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16).maxConnections(LIMIT).build(),
                new EchoServlet(), List.of("/srm/managerv2"));
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aConnectionBeyondTheLimitIsClosedAtOnceAndNewOnesAreServedWhenOthersClose() throws Exception {
        GsiTestClient first = served();
        GsiTestClient second = served();
        assertEquals(LIMIT, server.stats().openConnections());

        try (GsiTestClient third = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null)) {
            IOException refused = assertThrows(IOException.class, () -> {
                third.handshake();
                third.write("0");
                third.post("/srm/managerv2", "<beyond/>");
            });
            assertFalse(refused instanceof SocketTimeoutException,
                    "the connection beyond the limit waited instead of being closed: " + refused);
        }
        assertEquals(1, server.stats().refusedConnections());
        assertEquals(200, first.post("/srm/managerv2", "<still/>").status(), "served connections carry on");

        first.close();
        second.close();
        awaitOpenConnections(0);
        try (GsiTestClient again = served(); GsiTestClient andAgain = served()) {
            assertEquals(LIMIT, server.stats().openConnections());
        }
        assertEquals(1, server.stats().refusedConnections(), "nothing refused once load dropped");
    }

    private static GsiTestClient served() throws Exception {
        GsiTestClient c = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null);
        c.handshake();
        c.write("0");
        assertEquals(200, c.post("/srm/managerv2", "<served/>").status());
        return c;
    }

    /** The server notices closed connections asynchronously; the class timeout bounds the wait. */
    private static void awaitOpenConnections(int count) throws InterruptedException {
        while (server.stats().openConnections() != count) {
            Thread.sleep(20);
        }
    }
}

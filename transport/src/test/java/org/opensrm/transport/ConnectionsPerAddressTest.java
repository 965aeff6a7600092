package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
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
                .threadsMin(2).threadsMax(16).maxConnectionsPerAddress(CAP)
                .handshakeTimeout(Duration.ofMinutes(5)).build(), new EchoServlet(), List.of("/srm/managerv2"));
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void connectionsBeyondTheCapAreClosedAtOnceWhileOtherAddressesAreServed() throws Exception {
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        try (TricklingPeers peers = TricklingPeers.start(attacker, InetAddress.getByName("127.0.0.1"),
                server.port(), CAP + 7, Duration.ofMillis(200), Duration.ofSeconds(60))) {
            assertTrue(peers.awaitClosedByServer(7, Duration.ofSeconds(30)), "closed: " + peers.closedByServer());
            assertEquals(7, server.stats().refusedPerAddress());
            assertEquals(CAP, server.stats().openConnections(), "the cap's worth of connections is served");
            assertEquals(0, server.stats().refusedConnections(), "the global limit was never reached");

            try (GsiTestClient other = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null)) {
                other.write("0");
                assertEquals(200, other.post("/srm/managerv2", "<served/>").status(), "127.0.0.1 is served");
            }
            assertEquals(CAP, peers.open(), "the connections within the cap are still open");
        }
        while (server.stats().openConnections() != 0) {
            Thread.sleep(20); // the server notices the closes asynchronously; the class timeout bounds the wait
        }
        try (GsiTestClient again = new GsiTestClient(server.port(), proxy, pki.caCertificate(), null,
                InetAddress.getByName("127.0.0.2"))) {
            again.write("0");
            assertEquals(200, again.post("/srm/managerv2", "<again/>").status(), "the address is served again");
        }
        assertEquals(7, server.stats().refusedPerAddress(), "nothing refused once its connections closed");
    }
}

package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/** Host credential reload, and the TLS 1.3 session ticket count the Globus client depends on. */
@Tag("integration")
class CredentialRefreshTest {
    @TempDir
    Path dir;

    private HttpgServer start(DevPki pki) throws Exception {
        HttpgServer server = new HttpgServer(TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16).credentialRefresh(Duration.ofMillis(300)).build(),
                new EchoServlet(), List.of("/srm/managerv2"));
        server.start();
        return server;
    }

    @Test
    void hostCertificateSwappedOnDiskIsServedWithoutRestart() throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("first.example.test", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        Credential user = pki.proxy(pki.issueUser("Alice", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820);
        try (HttpgServer server = start(pki)) {
            assertEquals("first.example.test", servedCn(server, pki, user));
            pki.issueHost("second.example.test", List.of("127.0.0.1"), Duration.ofDays(1))
                    .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!"second.example.test".equals(servedCn(server, pki, user))) {
                if (System.nanoTime() > deadline) {
                    fail("new host certificate not served 10 s after it was written");
                }
                Thread.sleep(100);
            }
            // a broken file does not take the server down: the last good credential stays
            Files.writeString(dir.resolve("hostcert.pem"), "garbage");
            Thread.sleep(1000); // an absence, shown over a window of several refresh rounds rather than a condition
            assertEquals("second.example.test", servedCn(server, pki, user));
        }
    }

    private static String servedCn(HttpgServer server, DevPki pki, Credential user) throws Exception {
        try (GsiTestClient c = new GsiTestClient(server.port(), user, pki.caCertificate(), null)) {
            c.handshake();
            c.write("0");
            assertEquals(200, c.post("/srm/managerv2", "x").status());
            X509Certificate cert = (X509Certificate) c.socket().getSession().getPeerCertificates()[0];
            String name = cert.getSubjectX500Principal().getName();
            return name.substring(3, name.indexOf(','));
        }
    }

    /**
     * The Globus GSSAPI client reads exactly one post-handshake record before sending its GSI byte: the server
     * must send one NewSessionTicket, not zero or two. Counted on the wire with {@code openssl s_client -msg}.
     */
    @Test
    void tls13SendsExactlyOneSessionTicket() throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        Credential user = pki.issueUser("Alice", Duration.ofDays(1));
        user.writeCertAndKey(dir.resolve("usercert.pem"), dir.resolve("userkey.pem"));
        try (HttpgServer server = start(pki)) {
            ProcessBuilder pb = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(),
                    "-tls1_3", "-msg", "-ign_eof", "-CApath", pki.trustDir().toString(),
                    "-cert", dir.resolve("usercert.pem").toString(), "-key", dir.resolve("userkey.pem").toString())
                    .redirectErrorStream(true);
            Process p = pb.start();
            // two requests on the keep-alive connection: the first request must not cause a second ticket
            p.getOutputStream().write(("0GET /srm/managerv2 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /srm/managerv2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(2, out.lines().filter(l -> l.startsWith("HTTP/1.1 200")).count(), out);
            long tickets = out.lines().filter(l -> l.startsWith("<<<") && l.contains("NewSessionTicket")).count();
            assertEquals(1, tickets, out);
        }
    }
}

package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

class HttpgServerTest {
    static final String ALICE = "/DC=test/O=OpenSRM/CN=Alice";
    static final String CA = "/DC=test/O=OpenSRM/CN=OpenSRM Dev CA";

    @TempDir
    static Path dir;
    static DevPki pki;
    static Credential alice;
    static EchoServlet servlet;
    static HttpgServer server;

    @BeforeAll
    static void start() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        alice = pki.issueUser("Alice", Duration.ofDays(1));
        servlet = new EchoServlet();
        server = new HttpgServer(config(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem")), servlet,
                List.of("/srm/managerv2", "/srm/v2/server"));
        server.start();
    }

    static TransportConfig config(Path cert, Path key) {
        return TransportConfig.builder().host("127.0.0.1").port(0).hostCert(cert).hostKey(key)
                .caDir(pki.trustDir()).threadsMin(2).threadsMax(16).credentialRefresh(Duration.ofMillis(500))
                .build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static GsiTestClient client(Credential credential, String protocol) throws Exception {
        return new GsiTestClient(server.port(), credential, pki.caCertificate(), protocol);
    }

    @ParameterizedTest
    @ValueSource(strings = {"RFC3820", "LEGACY"})
    void proxyWithGsiByteTwoRequestsOnOneConnection(ProxyStyle style) throws Exception {
        Credential proxy = pki.proxy(alice, Duration.ofHours(1), style);
        try (GsiTestClient c = client(proxy, null)) {
            c.handshake();
            c.write("0");
            GsiTestClient.Response first = c.post("/srm/managerv2", "<ping/>");
            assertEquals(200, first.status());
            assertTrue(first.body().contains("dn=" + ALICE + "\n"), first.body());
            assertTrue(first.body().contains("issuer=" + CA + "\n"), first.body());
            assertTrue(first.body().contains("path=/srm/managerv2\n"), first.body());
            assertTrue(first.body().endsWith("body=<ping/>"), first.body());
            assertFalse(first.headers().containsKey("server"), first.headers().toString());
            GsiTestClient.Response second = c.post("/srm/v2/server", "<again/>");
            assertEquals(200, second.status());
            assertTrue(second.body().contains("dn=" + ALICE + "\n"), second.body());
            assertTrue(second.body().contains("path=/srm/v2/server\n"), second.body());
            assertTrue(second.body().endsWith("body=<again/>"), second.body());
        }
    }

    @Test
    void gsiByteAndRequestInOneWrite() throws Exception {
        try (GsiTestClient c = client(pki.proxy(alice, Duration.ofHours(1), ProxyStyle.RFC3820), null)) {
            c.write("0POST /srm/managerv2 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi");
            GsiTestClient.Response r = c.readResponse();
            assertEquals(200, r.status());
            assertTrue(r.body().endsWith("body=hi"), r.body());
        }
    }

    @Test
    void plainHttpsWithoutGsiByte() throws Exception {
        try (GsiTestClient c = client(alice, null)) {
            GsiTestClient.Response r = c.post("/srm/managerv2", "<plain/>");
            assertEquals(200, r.status());
            assertTrue(r.body().contains("dn=" + ALICE + "\n"), r.body());
            assertEquals(200, c.post("/srm/managerv2", "<again/>").status());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TRACE /srm/managerv2", "TRACE /", "TRACE /elsewhere", "OPTIONS /srm/managerv2",
            "PUT /srm/managerv2", "DELETE /srm/managerv2", "CONNECT 127.0.0.1:80"})
    void methodsOtherThanGetHeadAndPostAreRefusedWithoutEchoOnEveryPath(String requestLine) throws Exception {
        int before = servlet.calls.get();
        try (GsiTestClient c = client(pki.proxy(alice, Duration.ofHours(1), ProxyStyle.RFC3820), null)) {
            c.write("0" + requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: secret-42\r\n"
                    + "Content-Length: 0\r\n\r\n");
            GsiTestClient.Response r = c.readResponse();
            assertEquals(405, r.status(), r.body());
            assertEquals("GET, HEAD, POST", r.headers().get("allow"));
            assertFalse(r.body().contains("secret-42"), "the request was echoed: " + r.body());
        }
        assertEquals(before, servlet.calls.get(), "the servlet saw the request");
    }

    @Test
    void absoluteFormRequestLineOfArc() throws Exception {
        try (GsiTestClient c = client(pki.proxy(alice, Duration.ofHours(1), ProxyStyle.RFC3820), null)) {
            c.write("0");
            GsiTestClient.Response r = c.post("httpg://127.0.0.1:" + server.port() + "/srm/managerv2", "<arc/>");
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("path=/srm/managerv2\n"), r.body());
            assertTrue(r.body().contains("uri=/srm/managerv2\n"), r.body());
            assertTrue(r.body().contains("dn=" + ALICE + "\n"), r.body());
            GsiTestClient.Response again = c.post("httpg://127.0.0.1:" + server.port() + "/srm/managerv2", "x");
            assertEquals(200, again.status(), again.body());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void bothTlsVersionsWork(String protocol) throws Exception {
        try (GsiTestClient c = client(pki.proxy(alice, Duration.ofHours(1), ProxyStyle.RFC3820), protocol)) {
            c.handshake();
            assertEquals(protocol, c.socket().getSession().getProtocol());
            c.write("0");
            GsiTestClient.Response r = c.post("/srm/managerv2", "v");
            assertEquals(200, r.status());
            assertTrue(r.body().contains("dn=" + ALICE + "\n"), r.body());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void expiredProxyIsRefusedAtHandshake(String protocol) throws Exception {
        Instant past = Instant.now().minus(Duration.ofHours(3));
        Credential expired = pki.proxy(alice, past, past.plus(Duration.ofHours(1)), ProxyStyle.RFC3820);
        assertRefused(expired, protocol);
    }

    @Test
    void unknownCaIsRefused() throws Exception {
        DevPki other = DevPki.openOrCreate(dir.resolve("other-ca"), "CN=Other CA,O=Elsewhere,DC=test");
        Credential stranger = other.issueUser("Alice", Duration.ofDays(1));
        assertRefused(stranger, "TLSv1.3");
        assertRefused(other.proxy(stranger, Duration.ofHours(1), ProxyStyle.RFC3820), "TLSv1.2");
    }

    @Test
    void revokedUserIsRefusedAfterCrlRewriteWithoutRestart() throws Exception {
        Credential mallory = pki.issueUser("Mallory", Duration.ofDays(1));
        Credential proxy = pki.proxy(mallory, Duration.ofHours(1), ProxyStyle.RFC3820);
        try (GsiTestClient c = client(proxy, null)) {
            c.write("0");
            assertEquals(200, c.post("/srm/managerv2", "before").status());
        }
        pki.revoke(mallory.certificate());
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!refused(proxy, "TLSv1.3")) {
            if (System.nanoTime() > deadline) {
                fail("revoked user still accepted 15 s after the CRL was rewritten");
            }
            Thread.sleep(250);
        }
        assertRefused(mallory, "TLSv1.2");
        // others are still served
        try (GsiTestClient c = client(alice, null)) {
            c.write("0");
            assertEquals(200, c.post("/srm/managerv2", "after").status());
        }
    }

    @Test
    void missingHostCertificateGivesClearStartError() {
        Path missing = dir.resolve("nope/hostcert.pem");
        HttpgServer s = new HttpgServer(config(missing, dir.resolve("hostkey.pem")), servlet, List.of("/x"));
        IOException e = assertThrows(IOException.class, s::start);
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        assertEquals(-1, s.port());
        s.close();

        Path missingCa = dir.resolve("no-ca-dir");
        TransportConfig noCa = config(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem")).toBuilder()
                .caDir(missingCa).build();
        HttpgServer t = new HttpgServer(noCa, servlet, List.of("/x"));
        IOException e2 = assertThrows(IOException.class, t::start);
        assertTrue(e2.getMessage().contains(missingCa.toString()), e2.getMessage());
        t.close();
    }

    @Test
    void unusableHostCredentialGivesClearStartError() throws Exception {
        Path otherCert = dir.resolve("other/hostcert.pem");
        Path otherKey = dir.resolve("other/hostkey.pem");
        pki.issueHost("other", List.of(), Duration.ofDays(1)).writeCertAndKey(otherCert, otherKey);
        HttpgServer mismatched = new HttpgServer(config(dir.resolve("hostcert.pem"), otherKey), servlet, List.of("/x"));
        IOException e = assertThrows(IOException.class, mismatched::start);
        assertTrue(e.getMessage().contains(otherKey.toString()) && e.getMessage().contains("does not match"),
                e.getMessage());
        mismatched.close();

        java.nio.file.Files.writeString(otherCert, "not a certificate");
        HttpgServer garbage = new HttpgServer(config(otherCert, otherKey), servlet, List.of("/x"));
        IOException e2 = assertThrows(IOException.class, garbage::start);
        assertTrue(e2.getMessage().contains(otherCert.toString()), e2.getMessage());
        garbage.close();
    }

    private static void assertRefused(Credential credential, String protocol) throws Exception {
        int before = servlet.calls.get();
        assertTrue(refused(credential, protocol), "chain of " + credential + " was accepted");
        assertEquals(before, servlet.calls.get(), "the servlet saw a request from a refused client");
    }

    /** True when the handshake or the first exchange fails (TLS 1.3 reports a refused client cert late). */
    static boolean refused(Credential credential, String protocol) throws Exception {
        try (GsiTestClient c = client(credential, protocol)) {
            c.handshake();
            c.write("0");
            c.post("/srm/managerv2", "should not arrive");
            return false;
        } catch (SocketTimeoutException e) {
            throw new AssertionError("refusal took longer than the client timeout", e);
        } catch (IOException e) {
            return true;
        }
    }
}

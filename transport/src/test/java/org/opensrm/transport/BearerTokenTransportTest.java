package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * Client certificates optional (bearer tokens on): HTTPS requests without a certificate are served only with a
 * bearer token, which reaches the servlet in the identity; requests with neither get 401 and the Bearer
 * challenge; certificate clients on the same port, GSI byte and all, are served as before.
 */
class BearerTokenTransportTest {
    static final String ALICE = "/DC=test/O=OpenSRM/CN=Alice";

    @TempDir
    static Path dir;
    static DevPki pki;
    static EchoServlet servlet;
    static HttpgServer server;
    static HttpClient anonymous;

    @BeforeAll
    static void start() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        servlet = new EchoServlet();
        server = new HttpgServer(TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16).bearerTokens(true).build(), servlet, List.of("/srm/managerv2"));
        server.start();
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", pki.caCertificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        anonymous = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static HttpResponse<String> post(String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("https://localhost:" + server.port()
                + "/srm/managerv2")).timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString("x"));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return anonymous.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void bearerTokenWithoutCertificateReachesTheServlet() throws Exception {
        HttpResponse<String> r = post("Bearer abc.def.ghi");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("dn=\n"), r.body());
        assertTrue(r.body().contains("bearer=abc.def.ghi\n"), r.body());
    }

    @Test
    void schemeIsCaseInsensitive() throws Exception {
        assertTrue(post("bearer t1").body().contains("bearer=t1\n"));
    }

    @Test
    void tokenOfTwentyKibibytesFitsTheRequestHead() throws Exception {
        String big = "a".repeat(20 * 1024);
        HttpResponse<String> r = post("Bearer " + big);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("bearer=" + big + "\n"));
    }

    @Test
    void neitherCertificateNorTokenGets401WithTheBearerChallenge() throws Exception {
        int before = servlet.calls.get();
        for (String authorization : new String[] {null, "Basic dXNlcjpwYXNz", "Bearer ", "Bearer"}) {
            HttpResponse<String> r = post(authorization);
            assertEquals(401, r.statusCode(), String.valueOf(authorization));
            assertEquals("Bearer realm=\"srm\"", r.headers().firstValue("WWW-Authenticate").orElse(""));
        }
        assertEquals(before, servlet.calls.get(), "the servlet saw an anonymous request");
    }

    @Test
    void certificateClientOnTheSamePortIsIdentifiedByItsCertificateAlone() throws Exception {
        Credential alice = pki.issueUser("Alice", Duration.ofDays(1));
        try (GsiTestClient c = new GsiTestClient(server.port(), pki.proxy(alice, Duration.ofHours(1),
                ProxyStyle.RFC3820), pki.caCertificate(), null)) {
            c.write("0");
            GsiTestClient.Response r = c.post("/srm/managerv2", "<ping/>");
            assertEquals(200, r.status());
            assertTrue(r.body().contains("dn=" + ALICE + "\n"), r.body());
            assertTrue(r.body().contains("bearer=-\n"), r.body());
        }
    }

    @Test
    void certificateFromAnUntrustedCaStillFailsTheHandshake() throws Exception {
        DevPki other = DevPki.openOrCreate(dir.resolve("other-ca"), "CN=Other CA,O=Elsewhere,DC=test");
        Credential stranger = other.issueUser("Mallory", Duration.ofDays(1));
        assertThrows(Exception.class, () -> {
            try (GsiTestClient c = new GsiTestClient(server.port(), stranger, pki.caCertificate(), "TLSv1.3")) {
                c.write("0");
                GsiTestClient.Response r = c.post("/srm/managerv2", "<ping/>");
                throw new AssertionError("served with status " + r.status());
            }
        });
    }
}

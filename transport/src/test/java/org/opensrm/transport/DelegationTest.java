package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.client.GsiDelegation;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.testkit.ShiftedClock;

import eu.emi.security.authn.x509.proxy.ProxyCertificate;
import eu.emi.security.authn.x509.proxy.ProxyCertificateOptions;
import eu.emi.security.authn.x509.proxy.ProxyGenerator;
import eu.emi.security.authn.x509.proxy.ProxyType;


/**
 * GSI delegation on httpg, with a client built to the wire format of INTEROP.md ({@link GsiDelegation}): after the
 * handshake the client sends {@code 'D'}, the server answers with a DER PKCS#10 certificate request, the client
 * returns the DER proxy certificate it signed for that request's key followed by its own chain (DER, concatenated,
 * one write), then HTTP/1.1 continues on the same connection. Bad answers are refused with a log line and the connection closed;
 * the server goes on serving others.
 */
@Timeout(120)
class DelegationTest {
    static final String ALICE = "/DC=test/O=OpenSRM/CN=Alice";
    private static final Duration DEADLINE = Duration.ofSeconds(6);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static EchoSite site;
    /** The server's clock for delegated credentials' lifetimes: a test moves it past one, and back. */
    static final ShiftedClock clock = new ShiftedClock();

    @BeforeAll
    static void start() throws Exception {
        site = EchoSite.start(dir, new DelegatedCredentials(clock), b -> b.handshakeTimeout(DEADLINE)
                .idleTimeout(Duration.ofMinutes(5)).credentialRefresh(Duration.ofMillis(500)));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void delegatedCredentialIsSeenByRequestsOnTheSameConnectionAndForgottenAfterIt(String protocol) throws Exception {
        DelegatedCredentials store = site.server.delegatedCredentials();
        try (GsiTestClient c = new GsiTestClient(site.server.port(), site.proxy, site.pki.caCertificate(), protocol)) {
            c.handshake();
            PKCS10CertificationRequest request = c.requestDelegation();
            X509Certificate[] signed = sign(request, site.proxy, Duration.ofMinutes(30));
            c.write(der(signed));
            GsiTestClient.Response first = c.post("/srm/managerv2", "<copy/>");
            assertEquals(200, first.status(), first.body());
            assertTrue(first.body().contains("dn=" + ALICE + "\n"), first.body());
            assertTrue(first.body().contains("delegated=" + ALICE + " chain 3\n"), first.body());
            GsiTestClient.Response second = c.post("/srm/managerv2", "<status/>");
            assertTrue(second.body().contains("delegated=" + ALICE + " chain 3\n"), second.body());

            try (DelegatedCredentials.Lease lease = store.lease(ALICE).orElseThrow()) {
                DelegatedCredential credential = lease.credential().orElseThrow();
                assertEquals(signed[0], credential.chain().get(0));
                assertEquals(site.proxy.chain(), credential.chain().subList(1, 3));
                assertKeyMatches(credential);
            }
        }
        while (store.size() != 0) { // the server notices the close asynchronously; the timeout bounds the wait
            Thread.sleep(20);
        }
    }

    @Test
    void answerAndFirstRequestInOneWrite() throws Exception {
        try (GsiTestClient c = site.client()) {
            X509Certificate[] signed = sign(c.requestDelegation(), site.proxy, Duration.ofMinutes(30));
            byte[] answer = der(signed);
            byte[] http = "POST /srm/managerv2 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi"
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] both = new byte[answer.length + http.length];
            System.arraycopy(answer, 0, both, 0, answer.length);
            System.arraycopy(http, 0, both, answer.length, http.length);
            c.write(both);
            GsiTestClient.Response r = c.readResponse();
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("delegated=" + ALICE + " chain 3\n"), r.body());
            assertTrue(r.body().endsWith("body=hi"), r.body());
        }
    }

    @Test
    void anExpiredDelegationIsNoLongerSeenAndIsPurgedWhileTheConnectionStaysOpen() throws Exception {
        DelegatedCredentials store = site.server.delegatedCredentials();
        try (GsiTestClient c = site.client()) {
            X509Certificate[] signed = sign(c.requestDelegation(), site.proxy, Duration.ofSeconds(2));
            c.write(der(signed));
            assertTrue(c.post("/srm/managerv2", "a").body().contains("delegated=" + ALICE + " chain 3\n"));
            clock.advance(Duration.ofSeconds(3)); // past its 2 s (certificate times have whole seconds)
            assertTrue(c.post("/srm/managerv2", "b").body().contains("delegated=-\n"), "an expired credential");
            while (store.size() != 0) { // purged every credentialRefresh (the timeout bounds the wait)
                Thread.sleep(20);
            }
            assertEquals(200, c.post("/srm/managerv2", "c").status(), "the connection itself goes on");
        } finally {
            clock.reset();
        }
    }

    @Test
    void aDelegationBeyondTheClientProxysPathLimitIsRefused() throws Exception {
        Credential user = site.pki.issueUser("Alice", Duration.ofDays(1));
        ProxyCertificateOptions options = new ProxyCertificateOptions(user.chainArray());
        options.setType(ProxyType.RFC3820);
        options.setProxyPathLimit(0); // this proxy may not sign further proxies
        options.setLifetime(3600);
        ProxyCertificate restricted = ProxyGenerator.generate(options, user.key());
        Credential client = new Credential(restricted.getPrivateKey(), List.of(restricted.getCertificateChain()));
        assertRefused(client, c -> der(sign(c.requestDelegation(), client, Duration.ofMinutes(30))),
                "chain not valid");
    }

    @Test
    void aDelegatingAndANonDelegatingClientOnTheSamePort() throws Exception {
        try (GsiTestClient plain = site.client(); GsiTestClient delegating = site.client()) {
            plain.write("0");
            assertTrue(plain.post("/srm/managerv2", "a").body().contains("delegated=-\n"));
            delegating.write(der(sign(delegating.requestDelegation(), site.proxy, Duration.ofMinutes(30))));
            assertTrue(plain.post("/srm/managerv2", "b").body().contains("delegated=-\n"));
            GsiTestClient.Response r = delegating.post("/srm/managerv2", "c");
            assertTrue(r.body().contains("delegated=" + ALICE + " chain 3\n"), r.body());
            GsiTestClient.Response again = plain.post("/srm/managerv2", "d");
            assertTrue(again.body().contains("dn=" + ALICE + "\n") && again.body().contains("delegated=-\n"),
                    again.body());
        }
    }

    @Test
    void aProxySignedByAnotherCredentialOfTheSameUserIsRefused() throws Exception {
        Credential otherAliceProxy = site.pki.proxy(site.pki.issueUser("Alice", Duration.ofDays(1)),
                Duration.ofHours(1), ProxyStyle.RFC3820);
        assertRefused(c -> der(sign(c.requestDelegation(), otherAliceProxy, Duration.ofMinutes(30))),
                "not issued by the connection's credential");
    }

    @Test
    void aProxySignedBySomeoneElseIsRefused() throws Exception {
        Credential bob = site.pki.proxy(site.pki.issueUser("Bob", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820);
        assertRefused(c -> der(sign(c.requestDelegation(), bob, Duration.ofMinutes(30))),
                "not issued by the connection's credential");
    }

    @Test
    void aProxyForAnotherKeyIsRefused() throws Exception {
        assertRefused(c -> {
            c.requestDelegation();
            // a proxy the client made for a key of its own, not the one the server asked to be signed
            Credential own = site.pki.proxy(site.proxy, Duration.ofMinutes(30), ProxyStyle.RFC3820);
            return der(own.chainArray());
        }, "does not certify the key the server asked to sign");
    }

    @Test
    void aDelegatedProxyOutlivingItsIssuerIsRefused() throws Exception {
        Duration left = Duration.between(Instant.now(), site.proxy.certificate().getNotAfter().toInstant());
        assertRefused(c -> der(sign(c.requestDelegation(), site.proxy, left.plusHours(1))), "beyond its issuer's");
    }

    @Test
    void aChainThatIsNotTheConnectionsIsRefused() throws Exception {
        Credential bob = site.pki.issueUser("Bob", Duration.ofDays(1));
        assertRefused(c -> {
            X509Certificate[] signed = sign(c.requestDelegation(), site.proxy, Duration.ofMinutes(30));
            return der(signed[0], signed[1], bob.certificate());
        }, "not the connection's chain");
    }

    @Test
    void garbageInsteadOfACertificateIsRefused() throws Exception {
        assertRefused(c -> {
            c.requestDelegation();
            return "POST /srm/managerv2 HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII);
        }, "not a DER certificate");
    }

    @Test
    void aDerSequenceThatIsNoCertificateIsRefused() throws Exception {
        assertRefused(c -> {
            c.requestDelegation();
            return new byte[] {0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x07};
        }, "not a certificate");
    }

    @Test
    void aClientThatSendsDAndStallsIsClosedByTheHandshakeDeadline() throws Exception {
        long before = site.server.stats().handshakeTimeouts();
        try (GsiTestClient c = site.client()) {
            c.requestDelegation(); // and never answers
            c.socket().setSoTimeout((int) PATIENCE.toMillis());
            assertClosedByServer(c);
        }
        assertEquals(1, site.server.stats().handshakeTimeouts() - before);
        assertServesOthers();
    }

    @Test
    void aClientThatSendsHalfACertificateAndStallsIsClosedByTheHandshakeDeadline() throws Exception {
        long before = site.server.stats().handshakeTimeouts();
        try (GsiTestClient c = site.client()) {
            byte[] answer = der(sign(c.requestDelegation(), site.proxy, Duration.ofMinutes(30)));
            c.write(java.util.Arrays.copyOf(answer, answer.length / 3));
            c.socket().setSoTimeout((int) PATIENCE.toMillis());
            assertClosedByServer(c);
        }
        assertEquals(1, site.server.stats().handshakeTimeouts() - before);
    }

    interface Answer {
        byte[] of(GsiTestClient client) throws Exception;
    }

    /** The answer makes the server log the reason and close the connection; another client is served after. */
    private static void assertRefused(Answer answer, String reason) throws Exception {
        assertRefused(site.proxy, answer, reason);
    }

    private static void assertRefused(Credential client, Answer answer, String reason) throws Exception {
        String log = captureStderr(() -> {
            try (GsiTestClient c = new GsiTestClient(site.server.port(), client, site.pki.caCertificate(), null)) {
                c.write(answer.of(c));
                c.write("POST /srm/managerv2 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
                c.socket().setSoTimeout((int) PATIENCE.toMillis());
                assertClosedByServer(c);
            }
        });
        assertTrue(log.contains("GSI delegation from") && log.contains("(" + ALICE + ") refused") && log.contains(reason),
                "no refusal line saying '" + reason + "' in:\n" + log);
        assertEquals(0, site.server.delegatedCredentials().size(), "a refused delegation was kept");
        assertServesOthers();
    }

    private static void assertServesOthers() throws Exception {
        try (GsiTestClient c = site.client()) {
            c.write("0");
            GsiTestClient.Response r = c.post("/srm/managerv2", "still-here");
            assertEquals(200, r.status());
            assertTrue(r.body().contains("delegated=-\n"), r.body());
        }
    }

    private static void assertClosedByServer(GsiTestClient c) {
        try {
            int b;
            do {
                b = c.read(); // a refused client may still find an HTTP answer it provoked: read to the end
            } while (b != -1 && b != 'H');
            if (b == 'H') {
                fail("the server answered HTTP on a connection whose delegation it should have refused");
            }
        } catch (SocketTimeoutException e) {
            fail("the server kept the connection open for " + PATIENCE);
        } catch (IOException e) {
            // reset or TLS close: closed by the server as well
        }
    }

    interface Action {
        void run() throws Exception;
    }

    private static String captureStderr(Action action) throws Exception {
        PrintStream before = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(before);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        before.print(out);
        return out;
    }

    /** What a GSI client does with the request: a proxy of its own credential for the request's key. */
    static X509Certificate[] sign(PKCS10CertificationRequest request, Credential signer, Duration lifetime)
            throws IOException {
        Instant now = Instant.now();
        return GsiDelegation.sign(request, signer.key(), signer.chainArray(), now.minusSeconds(60), now.plus(lifetime));
    }

    static byte[] der(X509Certificate... certs) throws IOException {
        return GsiDelegation.der(certs);
    }

    private static void assertKeyMatches(DelegatedCredential credential) throws Exception {
        byte[] data = "proof".getBytes(StandardCharsets.US_ASCII);
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(credential.key());
        signer.update(data);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(credential.chain().get(0).getPublicKey());
        verifier.update(data);
        assertTrue(verifier.verify(signature), "the key is not the delegated proxy's");
    }
}

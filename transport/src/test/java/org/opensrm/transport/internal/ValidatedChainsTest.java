package org.opensrm.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPath;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

import eu.emi.security.authn.x509.StoreUpdateListener;
import eu.emi.security.authn.x509.ValidationErrorListener;
import eu.emi.security.authn.x509.ValidationResult;
import eu.emi.security.authn.x509.X509CertChainValidator;
import eu.emi.security.authn.x509.impl.OpensslCertChainValidator;

/**
 * {@link ValidatedChains}: a chain that passed canl's validation is not validated again while nothing that could
 * change the answer has happened (its certificates and the issuing CA still valid, the trust directory not re-read,
 * the entry younger than the maximum age); a refused chain is validated every time. The real canl validator over a
 * devpki trust directory, counted; the clock of the entries is the test's.
 */
class ValidatedChainsTest {
    /** canl re-reads the trust directory this often in the tests of reloads; every reload empties the memory. */
    private static final Duration FAST_REFRESH = Duration.ofMillis(200);
    /** ... and this often in the others, so that no reload comes between their look-ups. */
    private static final Duration NO_REFRESH = Duration.ofHours(1);

    @TempDir
    Path dir;
    private DevPki pki;
    private Credential alice;
    private OpensslCertChainValidator canl;
    private CountingValidator counted;
    private final MovableClock clock = new MovableClock(Instant.now());

    @BeforeEach
    void setUp() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=Chains CA,O=OpenSRM,DC=test");
        alice = pki.proxy(pki.issueUser("Alice", Duration.ofDays(1)), Duration.ofHours(1), ProxyStyle.RFC3820);
        useValidator(NO_REFRESH);
    }

    private void useValidator(Duration refresh) {
        if (canl != null) {
            canl.dispose();
        }
        canl = TrustFactory.validator(pki.trustDir(), refresh);
        // canl loads the CA's CRL on its first use and notifies the load, which empties the memory: load it now
        canl.validate(alice.chainArray());
        // canl may still announce a load on its own thread later (seen once in CI): the tests that count
        // validations without a reload in them do not pass canl's announcements on
        counted = new CountingValidator(canl, !refresh.equals(NO_REFRESH));
    }

    @AfterEach
    void tearDown() {
        canl.dispose();
    }

    @Test
    void aValidChainIsValidatedOnceWhileItsEntryLasts() throws Exception {
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofSeconds(10), 100);
        for (int i = 0; i < 5; i++) {
            assertEquals(Optional.empty(), chains.refusal(alice.chainArray()));
        }
        assertEquals(1, counted.calls.get());
        // the same certificates in new objects (a new handshake parses them again): the same entry
        assertEquals(Optional.empty(), chains.refusal(parsedAgain(alice.chainArray())));
        assertEquals(1, counted.calls.get());

        clock.move(Duration.ofSeconds(11)); // older than the maximum age: validated again
        assertEquals(Optional.empty(), chains.refusal(alice.chainArray()));
        assertEquals(2, counted.calls.get());
    }

    @Test
    void anEntryEndsWithTheEarliestNotAfterOfItsChain() {
        Instant now = Instant.now();
        Credential shortLived = pki.proxy(pki.issueUser("Bob", Duration.ofDays(1)), now.minusSeconds(60),
                now.plusSeconds(30), ProxyStyle.RFC3820);
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofHours(1), 100);
        assertEquals(Optional.empty(), chains.refusal(shortLived.chainArray()));
        clock.set(now.plusSeconds(29));
        chains.refusal(shortLived.chainArray());
        assertEquals(1, counted.calls.get(), "remembered until the proxy's notAfter");
        clock.set(now.plusSeconds(31));
        chains.refusal(shortLived.chainArray());
        assertEquals(2, counted.calls.get(), "validated again once the proxy has expired by the entries' clock");
    }

    @Test
    void aRefusedChainIsValidatedEveryTime() throws Exception {
        DevPki other = DevPki.openOrCreate(dir.resolve("other"), "CN=Other CA,O=Elsewhere,DC=test");
        X509Certificate[] stranger = other.proxy(other.issueUser("Eve", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820).chainArray();
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofSeconds(10), 100);
        assertTrue(chains.refusal(stranger).isPresent());
        assertTrue(chains.refusal(stranger).isPresent());
        assertEquals(2, counted.calls.get());
        assertEquals(0, chains.size());
    }

    @Test
    void aRevocationIsSeenAsSoonAsCanlLoadsTheNewCrl() throws Exception {
        useValidator(FAST_REFRESH);
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofHours(1), 100);
        assertEquals(Optional.empty(), chains.refusal(alice.chainArray()));
        pki.revoke(alice.chain().get(1));
        waitUntil(() -> chains.refusal(alice.chainArray()).isPresent(), "the revoked chain refused");
    }

    @Test
    void aCaRemovedFromTheTrustDirectoryIsSeenAsSoonAsCanlReReadsIt() throws Exception {
        useValidator(FAST_REFRESH);
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofHours(1), 100);
        assertEquals(Optional.empty(), chains.refusal(alice.chainArray()));
        Files.delete(pki.trustDir().resolve(pki.caHash() + ".0"));
        waitUntil(() -> chains.refusal(alice.chainArray()).isPresent(), "the chain of a CA no longer trusted refused");
    }

    @Test
    void theLeastRecentlyUsedChainsGoBeyondTheCapacity() {
        ValidatedChains chains = new ValidatedChains(counted, clock, Duration.ofSeconds(10), 2);
        X509Certificate[] bob = pki.proxy(pki.issueUser("Bob", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820).chainArray();
        X509Certificate[] carol = pki.proxy(pki.issueUser("Carol", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820).chainArray();
        chains.refusal(alice.chainArray());
        chains.refusal(bob);
        chains.refusal(alice.chainArray()); // alice used last: bob goes when carol comes
        chains.refusal(carol);
        assertEquals(2, chains.size());
        assertEquals(3, counted.calls.get());
        chains.refusal(alice.chainArray());
        assertEquals(3, counted.calls.get(), "alice still remembered");
        chains.refusal(bob);
        assertEquals(4, counted.calls.get(), "bob forgotten");
    }

    private static X509Certificate[] parsedAgain(X509Certificate[] chain) throws Exception {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        X509Certificate[] copy = new X509Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            copy[i] = (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(chain[i].getEncoded()));
        }
        return copy;
    }

    private static void waitUntil(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                fail("not within 20 s: " + what);
            }
            Thread.sleep(50); // polling for canl's reload (every 200 ms)
        }
    }

    /** canl's validator, counting the chains it is asked to validate. */
    private static final class CountingValidator implements X509CertChainValidator {
        final AtomicInteger calls = new AtomicInteger();
        private final X509CertChainValidator real;
        private final boolean updates;

        /** @param updates whether canl's announcements of loads reach the listeners */
        CountingValidator(X509CertChainValidator real, boolean updates) {
            this.real = real;
            this.updates = updates;
        }

        @Override
        public ValidationResult validate(X509Certificate[] chain) {
            calls.incrementAndGet();
            return real.validate(chain);
        }

        @Override
        public ValidationResult validate(CertPath path) {
            calls.incrementAndGet();
            return real.validate(path);
        }

        @Override
        public X509Certificate[] getTrustedIssuers() {
            return real.getTrustedIssuers();
        }

        @Override
        public void addValidationListener(ValidationErrorListener l) {
            real.addValidationListener(l);
        }

        @Override
        public void removeValidationListener(ValidationErrorListener l) {
            real.removeValidationListener(l);
        }

        @Override
        public void addUpdateListener(StoreUpdateListener l) {
            if (updates) {
                real.addUpdateListener(l);
            }
        }

        @Override
        public void removeUpdateListener(StoreUpdateListener l) {
            real.removeUpdateListener(l);
        }
    }

    private static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant start) {
            now = start;
        }

        void move(Duration d) {
            now = now.plus(d);
        }

        void set(Instant at) {
            now = at;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}

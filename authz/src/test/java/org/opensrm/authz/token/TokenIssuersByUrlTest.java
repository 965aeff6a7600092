package org.opensrm.authz.token;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.BearerToken;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.devpki.DevPki;
import org.opensrm.testkit.TestIssuerEndpoint;
import org.opensrm.testkit.TestTokenIssuer;

/**
 * Issue 22, point 13: token issuers by URL. A real HTTPS issuer on loopback (discovery document and JWKS, a
 * certificate from a test CA the mapper trusts through its CA directory) rotates its key mid-test and is then
 * stopped: the mapper fetched the keys itself, followed the rotation with one bounded fetch, did not fetch for
 * every made-up key id, and kept verifying with its cached keys once the issuer was gone, while an unknown key id
 * is then refused cleanly.
 */
class TokenIssuersByUrlTest {
    private static final String AUDIENCE = "https://srm.test.opensrm.org";
    private static final Duration GAP = Duration.ofSeconds(30);

    /** A clock the test moves; starts at the real time (tokens are stamped with it). */
    private static final class MovingClock extends Clock {
        private volatile Instant now = Instant.now();

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @TempDir
    Path dir;
    DevPki pki;
    TestIssuerEndpoint endpoint;
    final MovingClock clock = new MovingClock();

    @BeforeEach
    void startIssuer() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=Token Issuer Test CA,O=OpenSRM,DC=test");
        endpoint = new TestIssuerEndpoint(pki.issueHost("localhost", List.of("localhost"), Duration.ofDays(1)));
    }

    @AfterEach
    void stopIssuer() {
        endpoint.close();
    }

    private TestTokenIssuer key(String kid) throws Exception {
        return new TestTokenIssuer(dir, kid, endpoint.iss(), AUDIENCE);
    }

    private TokenMapper mapper() {
        KeyFetching fetching = new KeyFetching(false, Optional.of(pki.trustDir()), Duration.ofMinutes(5), GAP,
                Duration.ofSeconds(5));
        TokenConfig config = new TokenConfig(List.of(TokenIssuer.byUrl("test", endpoint.iss(), "/", Optional.of("acct"))),
                List.of(AUDIENCE), Optional.empty(), TokenConfig.CLOCK_SKEW, TokenConfig.MAX_TOKEN_BYTES,
                Duration.ZERO, fetching);
        return new TokenMapper(config, clock);
    }

    private static String account(TokenMapper mapper, String token) throws SrmException {
        return mapper.map(ClientIdentity.of(new BearerToken(token))).orElseThrow().account();
    }

    private static String refusal(TokenMapper mapper, String token) {
        SrmException e = assertThrows(SrmException.class, () -> account(mapper, token));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void keysAreFetchedByUrlFollowRotationWithBoundedFetchesAndOutliveTheIssuer() throws Exception {
        TestTokenIssuer first = key("first");
        TestTokenIssuer second = key("second");
        endpoint.serve(List.of(first.key()));
        TokenMapper mapper = mapper();
        assertEquals(1, endpoint.discoveryRequests(), "fetched at start");
        assertEquals(1, endpoint.jwksRequests());

        String a = first.token("alice", "storage.read:/");
        assertEquals("acct", account(mapper, a));
        assertEquals("acct", account(mapper, a));
        assertEquals(1, endpoint.jwksRequests(), "verified from the cache");

        // Rotation: the issuer now signs with "second" and no longer publishes "first".
        endpoint.serve(List.of(second.key()));
        clock.advance(GAP.plusSeconds(1));
        String b = second.token("bob", "storage.read:/");
        assertEquals("acct", account(mapper, b));
        assertEquals(2, endpoint.jwksRequests(), "one fetch for the new key id");
        assertTrue(refusal(mapper, a).contains("key id 'first' is not among the keys of issuer test"));

        // Made-up key ids do not each cost a fetch: at most one per gap.
        for (int i = 0; i < 5; i++) {
            assertTrue(refusal(mapper, withKid(second, "made-up-" + i)).contains("is not among the keys"));
        }
        assertEquals(2, endpoint.jwksRequests(), "unknown key ids within the gap fetch nothing");
        clock.advance(GAP.plusSeconds(1));
        refusal(mapper, withKid(second, "made-up-again"));
        assertEquals(3, endpoint.jwksRequests(), "after the gap, one fetch");

        // The issuer goes away: cached keys keep working, also past the refresh interval; unknown ids fail cleanly.
        endpoint.close();
        clock.advance(Duration.ofMinutes(6));
        assertEquals("acct", account(mapper, b));
        String unknown = refusal(mapper, withKid(second, "after-outage"));
        assertTrue(unknown.contains("key id 'after-outage' is not among the keys of issuer test"), unknown);
        assertEquals("acct", account(mapper, b));
    }

    @Test
    void anIssuerUnreachableAtStartRefusesItsTokensUntilItAnswers() throws Exception {
        TestTokenIssuer first = key("first");
        endpoint.close();
        TokenMapper mapper = mapper();
        String message = refusal(mapper, first.token("alice", null));
        assertTrue(message.contains("could not be fetched from " + first.iss()), message);
    }

    @Test
    void aDiscoveryDocumentNamingAnotherIssuerIsNotUsed() throws Exception {
        TestTokenIssuer first = key("first");
        endpoint.serve(List.of(first.key()));
        KeyFetching fetching = new KeyFetching(false, Optional.of(pki.trustDir()), Duration.ofMinutes(5), GAP,
                Duration.ofSeconds(5));
        String other = endpoint.iss() + "/other";
        TokenMapper mapper = new TokenMapper(new TokenConfig(List.of(TokenIssuer.byUrl("other", other, "/",
                Optional.of("acct"))), List.of(AUDIENCE), Optional.empty(), TokenConfig.CLOCK_SKEW,
                TokenConfig.MAX_TOKEN_BYTES, Duration.ZERO, fetching), clock);
        TestTokenIssuer otherKey = new TestTokenIssuer(dir, "o", other, AUDIENCE);
        assertTrue(refusal(mapper, otherKey.token("x", null)).contains("could not be fetched"));
    }

    @Test
    void anIssuerWhoseCertificateIsNotTrustedIsNotUsed() throws Exception {
        TestTokenIssuer first = key("first");
        endpoint.serve(List.of(first.key()));
        DevPki otherCa = DevPki.openOrCreate(dir.resolve("other-ca"), "CN=Other CA,O=OpenSRM,DC=test");
        KeyFetching fetching = new KeyFetching(false, Optional.of(otherCa.trustDir()), Duration.ofMinutes(5), GAP,
                Duration.ofSeconds(5));
        TokenMapper mapper = new TokenMapper(new TokenConfig(List.of(TokenIssuer.byUrl("test", endpoint.iss(), "/",
                Optional.of("acct"))), List.of(AUDIENCE), Optional.empty(), TokenConfig.CLOCK_SKEW,
                TokenConfig.MAX_TOKEN_BYTES, Duration.ZERO, fetching), clock);
        assertTrue(refusal(mapper, first.token("x", null)).contains("could not be fetched"));
        assertEquals(0, endpoint.jwksRequests());
    }

    /** A token of {@code issuer}'s key whose header names key id {@code kid}. */
    private static String withKid(TestTokenIssuer issuer, String kid) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(),
                issuer.claims("eve", null).build());
        jwt.sign(new RSASSASigner(issuer.key()));
        return jwt.serialize();
    }
}

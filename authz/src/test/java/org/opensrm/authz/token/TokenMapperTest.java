package org.opensrm.authz.token;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.BearerToken;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.PathPolicy;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

class TokenMapperTest {
    @TempDir
    Path dir;
    TokenFixture issuer;
    TokenMapper mapper;

    @BeforeEach
    void setUp() throws Exception {
        issuer = new TokenFixture(dir, "k1");
        Path groups = Files.writeString(dir.resolve("groups"), "\"/cms/production/*\" cmsprod\n\"/cms/*\" cmsuser\n");
        mapper = new TokenMapper(issuer.config("/store/cms", "cmsdefault", groups));
    }

    private Mapping map(String token) throws SrmException {
        return mapper.map(ClientIdentity.of(new BearerToken(token))).orElseThrow();
    }

    private String refusal(String token) {
        SrmException e = assertThrows(SrmException.class, () -> map(token));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertFalse(e.getMessage().contains(token), "a refusal never quotes the token");
        return e.getMessage();
    }

    @Test
    void certificateClientsAreLeftToOtherMappers() throws SrmException {
        assertEquals(Optional.empty(), mapper.map(ClientIdentity.of("/CN=someone")));
    }

    @Test
    void validTokenNamesSubjectAndIssuerAndFallsBackToTheIssuersAccount() throws Exception {
        Mapping m = map(issuer.token("alice", "storage.read:/"));
        assertEquals("cmsdefault", m.account());
        assertEquals(Optional.of("alice@" + TokenFixture.ISS), m.subject());
    }

    @Test
    void firstMappedGroupDecidesTheAccount() throws Exception {
        String token = issuer.sign(issuer.claims("bob", null)
                .claim("wlcg.groups", List.of("/atlas", "/cms/production", "/cms")).build());
        Mapping m = map(token);
        assertEquals("cmsprod", m.account());
        assertEquals(PathPolicy.ANY, m.paths(), "a token without storage scopes acts with its account's rights");
    }

    @Test
    void scopesOpenTheirOperationsUnderTheBasePathOnly() throws Exception {
        PathPolicy p = map(issuer.token("carol", "openid storage.read:/data storage.create:/upload "
                + "storage.modify:/scratch storage.read:/../etc")).paths();
        p.check(Access.READ, SrmPath.of("/store/cms/data"));
        p.check(Access.READ, SrmPath.of("/store/cms/data/run1/f"));
        p.check(Access.CREATE, SrmPath.of("/store/cms/upload/new"));
        p.check(Access.CREATE, SrmPath.of("/store/cms/scratch/x"));
        p.check(Access.MODIFY, SrmPath.of("/store/cms/scratch/x"));
        assertDenied(p, Access.READ, "/store/cms/database");
        assertDenied(p, Access.READ, "/store/cms/upload/new");
        assertDenied(p, Access.MODIFY, "/store/cms/upload/new");
        assertDenied(p, Access.CREATE, "/store/cms/data/f");
        assertDenied(p, Access.READ, "/etc");
        assertDenied(p, Access.READ, "/store/cms");
    }

    @Test
    void storageScopeWithoutPathOpensNothing() throws Exception {
        PathPolicy p = map(issuer.token("dave", "storage.read")).paths();
        assertDenied(p, Access.READ, "/store/cms/data");
    }

    private static void assertDenied(PathPolicy p, Access access, String path) {
        SrmException e = assertThrows(SrmException.class, () -> p.check(access, SrmPath.of(path)), path);
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertTrue(e.getMessage().contains(path), e.getMessage());
    }

    @Test
    void anyAudienceIsAccepted() throws Exception {
        map(issuer.sign(issuer.claims("eve", "storage.read:/").audience(TokenConfig.ANY_AUDIENCE).build()));
    }

    @Test
    void expiredTokenIsRefused() throws Exception {
        Instant past = Instant.now().minusSeconds(3600);
        String token = issuer.sign(issuer.claims("x", "storage.read:/").notBeforeTime(Date.from(past))
                .expirationTime(Date.from(past.plusSeconds(60))).build());
        assertTrue(refusal(token).contains("expired"));
    }

    @Test
    void expiryWithinTheSkewIsAccepted() throws Exception {
        map(issuer.sign(issuer.claims("x", "storage.read:/")
                .expirationTime(Date.from(Instant.now().minusSeconds(20))).build()));
    }

    @Test
    void notYetValidTokenIsRefused() throws Exception {
        String token = issuer.sign(issuer.claims("x", "storage.read:/")
                .notBeforeTime(Date.from(Instant.now().plusSeconds(600))).build());
        assertTrue(refusal(token).contains("not valid before"));
    }

    @Test
    void tokenWithoutExpiryIsRefused() throws Exception {
        assertTrue(refusal(issuer.sign(issuer.claims("x", "storage.read:/").expirationTime(null).build()))
                .contains("no expiry"));
    }

    @Test
    void wrongAudienceIsRefused() throws Exception {
        String token = issuer.sign(issuer.claims("x", "storage.read:/").audience("https://other.example").build());
        assertTrue(refusal(token).contains("audience"));
    }

    @Test
    void unknownIssuerIsRefused() throws Exception {
        String token = issuer.sign(issuer.claims("x", "storage.read:/").issuer("https://evil.example/").build());
        assertTrue(refusal(token).contains("issuer 'https://evil.example/' is not trusted"));
    }

    @Test
    void tokenSignedByAnotherKeyIsRefused() throws Exception {
        TokenFixture stranger = new TokenFixture(dir, "k1-impostor");
        assertTrue(refusal(stranger.token("x", "storage.read:/")).contains("key id 'k1-impostor' is not among the"
                + " keys of issuer test"));
        TokenFixture sameKid = new TokenFixture(Files.createDirectories(dir.resolve("other")), "k1");
        assertTrue(refusal(sameKid.token("x", "storage.read:/")).contains("signature"));
    }

    @Test
    void tamperedPayloadIsRefused() throws Exception {
        String[] parts = issuer.token("x", "storage.read:/data").split("\\.");
        JWTClaimsSet widened = issuer.claims("x", "storage.modify:/").build();
        String payload = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(widened.toString().getBytes(StandardCharsets.UTF_8));
        assertTrue(refusal(parts[0] + "." + payload + "." + parts[2]).contains("signature"));
    }

    @Test
    void algNoneIsRefused() throws Exception {
        String token = new PlainJWT(new PlainHeader(), issuer.claims("x", "storage.read:/").build()).serialize();
        assertTrue(refusal(token).contains("not a signed JWT"));
    }

    @Test
    void hmacWithThePublicKeyAsSecretIsRefused() throws Exception {
        byte[] secret = issuer.key().toPublicJWK().toRSAPublicKey().getEncoded();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1").build(),
                issuer.claims("x", "storage.read:/").build());
        jwt.sign(new MACSigner(secret));
        assertTrue(refusal(jwt.serialize()).contains("HS256 is refused"));
    }

    @Test
    void oversizeTokenIsRefusedBeforeParsing() throws Exception {
        String token = "x".repeat(TokenConfig.MAX_TOKEN_BYTES + 1);
        assertTrue(refusal(token).contains("longer than the " + TokenConfig.MAX_TOKEN_BYTES));
    }

    @Test
    void rotatedKeysAreReadWhenTheJwksFileChanges() throws Exception {
        TokenFixture next = new TokenFixture(dir, "k2");
        String token = next.token("x", "storage.read:/");
        refusal(token);
        Files.writeString(issuer.jwksFile(), new JWKSet(List.of(issuer.key().toPublicJWK(),
                next.key().toPublicJWK())).toString());
        assertEquals("cmsdefault", map(token).account());
    }

    @Test
    void jwksWithAPrivateKeyIsRejectedAtStart() throws Exception {
        Files.writeString(issuer.jwksFile(), new JWKSet(issuer.key()).toString(false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TokenMapper(issuer.config("/", "a", null)));
        assertTrue(e.getMessage().contains("private key"), e.getMessage());
    }
}

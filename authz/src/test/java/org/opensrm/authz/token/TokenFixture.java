package org.opensrm.authz.token;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;

/**
 * A token issuer for tests: an RSA key pair, its public JWKS file in a directory, and a builder of signed tokens
 * with the claims a WLCG issuer puts in (lifetime 10 minutes, audience {@link #AUDIENCE}).
 */
public final class TokenFixture {
    public static final String ISS = "https://issuer.test.opensrm.org/";
    public static final String AUDIENCE = "https://srm.test.opensrm.org";

    private final RSAKey key;
    private final Path jwks;

    public TokenFixture(Path dir, String kid) throws JOSEException, IOException {
        this.key = new RSAKeyGenerator(2048).keyID(kid).generate();
        this.jwks = dir.resolve(kid + ".jwks");
        Files.writeString(jwks, new JWKSet(key.toPublicJWK()).toString());
    }

    public Path jwksFile() {
        return jwks;
    }

    public RSAKey key() {
        return key;
    }

    /** An issuer named {@code test} with this fixture's keys, base path {@code base} and fallback account. */
    public TokenIssuer issuer(String base, String account) {
        return TokenIssuer.of("test", ISS, jwks, base, Optional.ofNullable(account));
    }

    public TokenConfig config(String base, String account, Path groupMap) {
        return new TokenConfig(List.of(issuer(base, account)), List.of(AUDIENCE), Optional.ofNullable(groupMap),
                Duration.ZERO);
    }

    /** Claims of a valid token: subject {@code sub}, the given scopes (space separated), no groups. */
    public JWTClaimsSet.Builder claims(String sub, String scope) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder b = new JWTClaimsSet.Builder().issuer(ISS).subject(sub).audience(AUDIENCE)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now.minusSeconds(5)))
                .expirationTime(Date.from(now.plus(Duration.ofMinutes(10)))).jwtID(sub + now.toEpochMilli())
                .claim("wlcg.ver", "1.0");
        if (scope != null) {
            b.claim("scope", scope);
        }
        return b;
    }

    public String sign(JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    public String token(String sub, String scope) throws JOSEException {
        return sign(claims(sub, scope).build());
    }
}

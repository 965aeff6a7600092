package org.opensrm.testkit;

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

/**
 * A WLCG token issuer for tests: an RSA key pair, its public JWK set in a file (what the server is configured
 * with), and signed tokens with the claims a WLCG issuer puts in (lifetime 10 minutes, one audience).
 */
public final class TestTokenIssuer {
    private final String iss;
    private final String audience;
    private final RSAKey key;
    private final Path jwks;

    /** Makes a 2048-bit key with id {@code kid} and writes its public JWK set to {@code dir/<kid>.jwks}. */
    public TestTokenIssuer(Path dir, String kid, String iss, String audience) throws IOException {
        this.iss = iss;
        this.audience = audience;
        try {
            this.key = new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        this.jwks = dir.resolve(kid + ".jwks");
        Files.writeString(jwks, new JWKSet(key.toPublicJWK()).toString());
    }

    public String iss() {
        return iss;
    }

    public Path jwksFile() {
        return jwks;
    }

    /** The key pair (its public half is in {@link #jwksFile()}). */
    public RSAKey key() {
        return key;
    }

    /** Claims of a valid token for {@code sub} with {@code scope} (space separated; none when null). */
    public JWTClaimsSet.Builder claims(String sub, String scope) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder b = new JWTClaimsSet.Builder().issuer(iss).subject(sub).audience(audience)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now.minusSeconds(5)))
                .expirationTime(Date.from(now.plus(Duration.ofMinutes(10)))).jwtID(sub + now.toEpochMilli())
                .claim("wlcg.ver", "1.0");
        if (scope != null) {
            b.claim("scope", scope);
        }
        return b;
    }

    /** {@code claims} signed RS256 with this issuer's key, in compact form. */
    public String sign(JWTClaimsSet claims) {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                claims);
        try {
            jwt.sign(new RSASSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    public String token(String sub, String scope) {
        return sign(claims(sub, scope).build());
    }
}

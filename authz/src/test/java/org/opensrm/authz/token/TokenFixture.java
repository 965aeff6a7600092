package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.opensrm.testkit.TestTokenIssuer;

/** The test issuer ({@link TestTokenIssuer}) and the token mapper configuration that trusts it. */
final class TokenFixture {
    static final String ISS = "https://issuer.test.opensrm.org/";
    static final String AUDIENCE = "https://srm.test.opensrm.org";

    private final TestTokenIssuer issuer;

    TokenFixture(Path dir, String kid) throws IOException {
        this.issuer = new TestTokenIssuer(dir, kid, ISS, AUDIENCE);
    }

    Path jwksFile() {
        return issuer.jwksFile();
    }

    RSAKey key() {
        return issuer.key();
    }

    /** Trusts this issuer (named {@code test}) with base path {@code base} and fallback {@code account}. */
    TokenConfig config(String base, String account, Path groupMap) {
        return new TokenConfig(List.of(TokenIssuer.of("test", ISS, jwksFile(), base, Optional.ofNullable(account))),
                List.of(AUDIENCE), Optional.ofNullable(groupMap), Duration.ZERO);
    }

    JWTClaimsSet.Builder claims(String sub, String scope) {
        return issuer.claims(sub, scope);
    }

    String sign(JWTClaimsSet claims) {
        return issuer.sign(claims);
    }

    String token(String sub, String scope) {
        return issuer.token(sub, scope);
    }
}

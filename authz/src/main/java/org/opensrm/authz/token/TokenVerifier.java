package org.opensrm.authz.token;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opensrm.common.SrmException;

/**
 * Checks a bearer token in the order that spends least on a bad one: its size before anything is parsed, then
 * the algorithm named by its header (only RSA and EC signatures: {@code none} and the HMAC algorithms, which
 * would take a public key as a shared secret, are refused), then the issuer, then the signature with the
 * issuer's keys (from its JWKS file, re-read when it changes, or fetched from the issuer by URL; a key id they
 * lack fetches them again, as far as {@link IssuerKeys} allows), then lifetime, audience and subject. Every
 * refusal is an {@code SRM_AUTHORIZATION_FAILURE} whose message says which check failed and never quotes the
 * token. Thread-safe.
 */
final class TokenVerifier {
    private static final Set<JWSAlgorithm> ACCEPTED = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
            JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private record Trusted(TokenIssuer issuer, IssuerKeys keys) {
    }

    private final Map<String, Trusted> issuers = new LinkedHashMap<>();
    private final Set<String> audiences;
    private final long skewMillis;
    private final int maxBytes;
    private final Clock clock;

    /** @throws IllegalArgumentException naming a JWKS file that is missing, unreadable or not a JWK set */
    TokenVerifier(TokenConfig config, Clock clock) {
        JwksFetcher fetcher = config.issuers().stream().anyMatch(i -> i.jwksFile().isEmpty())
                ? new JwksFetcher(config.fetching()) : null;
        for (TokenIssuer i : config.issuers()) {
            IssuerKeys keys = i.jwksFile().isPresent()
                    ? new FileIssuerKeys(i, i.jwksFile().get(), config.refreshInterval())
                    : new RemoteIssuerKeys(i, fetcher, config.fetching(), clock);
            issuers.put(i.iss(), new Trusted(i, keys));
        }
        this.audiences = Set.copyOf(config.audiences());
        this.skewMillis = config.clockSkew().toMillis();
        this.maxBytes = config.maxTokenBytes();
        this.clock = clock;
    }

    VerifiedToken verify(String token) throws SrmException {
        if (token.length() > maxBytes) {
            throw SrmException.denied("bearer token of " + token.length() + " bytes is longer than the "
                    + maxBytes + " accepted");
        }
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | RuntimeException e) {
            throw SrmException.denied("bearer token is not a signed JWT (unsigned tokens, alg none, are refused)");
        }
        JWSHeader header = jwt.getHeader();
        if (!ACCEPTED.contains(header.getAlgorithm())) {
            throw SrmException.denied("bearer token algorithm " + header.getAlgorithm()
                    + " is refused: only RSA and EC signatures are accepted");
        }
        String iss = claims.getIssuer();
        Trusted trusted = iss == null ? null : issuers.get(iss);
        if (trusted == null) {
            throw SrmException.denied("bearer token issuer " + printable(iss) + " is not trusted");
        }
        if (!signatureValid(jwt, keysFor(jwt.getHeader().getKeyID(), trusted))) {
            throw SrmException.denied("bearer token signature does not verify with the keys of issuer "
                    + trusted.issuer().name());
        }
        checkLifetime(claims);
        checkAudience(claims);
        String sub = claims.getSubject();
        if (sub == null || sub.isBlank()) {
            throw SrmException.denied("bearer token has no subject");
        }
        try {
            String scope = claims.getStringClaim("scope");
            List<String> groups = claims.getStringListClaim("wlcg.groups");
            return new VerifiedToken(trusted.issuer(), sub,
                    scope == null ? List.of() : List.of(scope.trim().split("\\s+")),
                    groups == null ? List.of() : groups);
        } catch (ParseException e) {
            throw SrmException.denied("bearer token scope or wlcg.groups claim is malformed");
        }
    }

    private void checkLifetime(JWTClaimsSet claims) throws SrmException {
        long now = clock.millis();
        Date exp = claims.getExpirationTime();
        if (exp == null) {
            throw SrmException.denied("bearer token has no expiry (exp)");
        }
        if (now > exp.getTime() + skewMillis) {
            throw SrmException.denied("bearer token expired at " + Instant.ofEpochMilli(exp.getTime()));
        }
        Date nbf = claims.getNotBeforeTime();
        if (nbf != null && now + skewMillis < nbf.getTime()) {
            throw SrmException.denied("bearer token is not valid before " + Instant.ofEpochMilli(nbf.getTime()));
        }
    }

    private void checkAudience(JWTClaimsSet claims) throws SrmException {
        List<String> aud = claims.getAudience();
        for (String a : aud) {
            if (audiences.contains(a) || TokenConfig.ANY_AUDIENCE.equals(a)) {
                return;
            }
        }
        throw SrmException.denied("bearer token audience " + (aud.isEmpty() ? "(none)" : printable(aud.toString()))
                + " does not name this server");
    }

    /**
     * The issuer's keys, fetched again first when the token names a key id they lack (a rotated key), as far as
     * the key source allows.
     */
    private static JWKSet keysFor(String kid, Trusted trusted) throws SrmException {
        JWKSet keys = trusted.keys().keys();
        if (kid == null || keys.getKeyByKeyId(kid) != null) {
            return keys;
        }
        if (trusted.keys().refreshForUnknownKey()) {
            keys = trusted.keys().keys();
        }
        if (keys.getKeyByKeyId(kid) == null) {
            throw SrmException.denied("bearer token key id " + printable(kid) + " is not among the keys of issuer "
                    + trusted.issuer().name() + " (from " + trusted.keys().origin() + ")");
        }
        return keys;
    }

    private static boolean signatureValid(SignedJWT jwt, JWKSet keys) {
        String kid = jwt.getHeader().getKeyID();
        for (JWK key : keys.getKeys()) {
            if (kid != null && !kid.equals(key.getKeyID()) || KeyUse.ENCRYPTION.equals(key.getKeyUse())) {
                continue;
            }
            try {
                JWSVerifier verifier = verifier(key, jwt.getHeader().getAlgorithm());
                if (verifier != null && jwt.verify(verifier)) {
                    return true;
                }
            } catch (JOSEException | IllegalStateException e) {
                // a key of the wrong kind or size for this algorithm: try the next one
            }
        }
        return false;
    }

    private static JWSVerifier verifier(JWK key, JWSAlgorithm alg) throws JOSEException {
        if (key instanceof RSAKey rsa && JWSAlgorithm.Family.RSA.contains(alg)) {
            return new RSASSAVerifier(rsa);
        }
        if (key instanceof ECKey ec && JWSAlgorithm.Family.EC.contains(alg)) {
            return new ECDSAVerifier(ec);
        }
        return null;
    }

    /** An untrusted claim for a message: short and printable. */
    private static String printable(String value) {
        if (value == null) {
            return "(none)";
        }
        String clean = value.replaceAll("[^\\x20-\\x7e]", "?");
        return "'" + (clean.length() > 100 ? clean.substring(0, 100) + "..." : clean) + "'";
    }
}

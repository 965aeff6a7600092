package org.opensrm.authz.token;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * One trusted token issuer.
 *
 * @param name     short name for configuration and messages, e.g. {@code cms}
 * @param iss      the {@code iss} claim its tokens carry, exactly, e.g. {@code https://cms-auth.web.cern.ch/}
 * @param jwksFile its public keys as a JWK set (the document its {@code jwks_uri} serves), re-read when it changes;
 *                 empty: the keys are fetched from the issuer by URL ({@code iss} +
 *                 {@code /.well-known/openid-configuration}, then its {@code jwks_uri}), see {@link KeyFetching}
 * @param basePath where its scope paths start in this storage element's namespace: {@code storage.read:/data}
 *                 of an issuer with base {@code /store/cms} reads {@code /store/cms/data}
 * @param account  the account its tokens act as when no {@code wlcg.groups} entry maps them; empty: the group
 *                 map must decide
 */
public record TokenIssuer(String name, String iss, Optional<Path> jwksFile, SrmPath basePath,
                          Optional<String> account) {
    public TokenIssuer {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(iss, "iss");
        Objects.requireNonNull(jwksFile, "jwksFile");
        Objects.requireNonNull(basePath, "basePath");
        Objects.requireNonNull(account, "account");
        URI uri;
        try {
            uri = URI.create(iss);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("issuer " + name + ": iss is not a URL: '" + iss + "'");
        }
        if (!"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("issuer " + name + ": iss must be an https:// URL, got '" + iss + "'");
        }
    }

    /** Keys from a JWKS file, parsing the base path. */
    public static TokenIssuer of(String name, String iss, Path jwksFile, String basePath, Optional<String> account) {
        return of(name, iss, Optional.of(jwksFile), basePath, account);
    }

    /** Keys fetched from the issuer by URL, parsing the base path. */
    public static TokenIssuer byUrl(String name, String iss, String basePath, Optional<String> account) {
        return of(name, iss, Optional.empty(), basePath, account);
    }

    private static TokenIssuer of(String name, String iss, Optional<Path> jwksFile, String basePath,
            Optional<String> account) {
        try {
            return new TokenIssuer(name, iss, jwksFile, SrmPath.of(basePath), account);
        } catch (SrmException e) {
            throw new IllegalArgumentException("issuer " + name + ": base path " + e.getMessage(), e);
        }
    }

    /** Where its OpenID discovery document is: {@code iss} without its trailing {@code /}, then the well-known path. */
    public URI discoveryUri() {
        String base = iss.endsWith("/") ? iss.substring(0, iss.length() - 1) : iss;
        return URI.create(base + "/.well-known/openid-configuration");
    }
}

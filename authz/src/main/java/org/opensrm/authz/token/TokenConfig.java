package org.opensrm.authz.token;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the {@code token} mapper trusts and accepts. Immutable.
 *
 * @param issuers         the trusted issuers, each with its keys and base path; at least one, distinct {@code iss}
 * @param audiences       the {@code aud} values naming this storage element (e.g. {@code https://se.example.org});
 *                        {@link #ANY_AUDIENCE} is accepted as well, as the WLCG profile asks
 * @param groupMap        {@code "group-pattern" account} lines mapping {@code wlcg.groups} (first group that
 *                        matches a line decides), in the VOMS role map's form; empty: no group mapping
 * @param clockSkew       how far {@code exp} and {@code nbf} may be off the server's clock, default 60 s
 * @param maxTokenBytes   longer tokens are refused before they are parsed, default {@value #MAX_TOKEN_BYTES}, at most
 *                        {@value #MAX_TOKEN_BYTES_LIMIT}
 * @param refreshInterval how often the JWKS files and the group map are looked at for changes
 * @param fetching        how the keys of issuers without a JWKS file are fetched by URL
 */
public record TokenConfig(List<TokenIssuer> issuers, List<String> audiences, Optional<Path> groupMap,
                          Duration clockSkew, int maxTokenBytes, Duration refreshInterval, KeyFetching fetching) {
    /** The audience the WLCG Common JWT Profile reserves for tokens any relying party accepts. */
    public static final String ANY_AUDIENCE = "https://wlcg.cern.ch/jwt/v1/any";
    public static final int MAX_TOKEN_BYTES = 16 * 1024;
    /** The largest {@code maxTokenBytes}: what the transport's request head limit with tokens (40 KiB) carries. */
    public static final int MAX_TOKEN_BYTES_LIMIT = 32 * 1024;
    public static final Duration CLOCK_SKEW = Duration.ofSeconds(60);

    public TokenConfig {
        issuers = List.copyOf(issuers);
        audiences = List.copyOf(audiences);
        Objects.requireNonNull(groupMap, "groupMap");
        Objects.requireNonNull(fetching, "fetching");
        if (issuers.isEmpty()) {
            throw new IllegalArgumentException("the token mapper needs at least one issuer");
        }
        Set<String> seen = new HashSet<>();
        for (TokenIssuer i : issuers) {
            if (!seen.add(i.iss())) {
                throw new IllegalArgumentException("issuer " + i.iss() + " is configured twice");
            }
        }
        if (audiences.isEmpty()) {
            throw new IllegalArgumentException("the token mapper needs at least one audience naming this server");
        }
        if (clockSkew.isNegative() || clockSkew.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("clock skew must be within 0..5m: " + clockSkew);
        }
        if (maxTokenBytes < 512 || maxTokenBytes > MAX_TOKEN_BYTES_LIMIT) {
            throw new IllegalArgumentException("maxTokenBytes must be within 512.." + MAX_TOKEN_BYTES_LIMIT + ": "
                    + maxTokenBytes);
        }
        if (refreshInterval.isNegative()) {
            throw new IllegalArgumentException("refreshInterval must not be negative: " + refreshInterval);
        }
    }

    /** Issuers with JWKS files, or fetched with the {@linkplain KeyFetching#DEFAULT defaults}. */
    public TokenConfig(List<TokenIssuer> issuers, List<String> audiences, Optional<Path> groupMap,
            Duration clockSkew, int maxTokenBytes, Duration refreshInterval) {
        this(issuers, audiences, groupMap, clockSkew, maxTokenBytes, refreshInterval, KeyFetching.DEFAULT);
    }

    /** With the default skew and size limit. */
    public TokenConfig(List<TokenIssuer> issuers, List<String> audiences, Optional<Path> groupMap,
            Duration refreshInterval) {
        this(issuers, audiences, groupMap, CLOCK_SKEW, MAX_TOKEN_BYTES, refreshInterval);
    }
}

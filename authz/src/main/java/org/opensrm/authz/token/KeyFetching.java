package org.opensrm.authz.token;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the keys of issuers configured by URL (no JWKS file) are fetched over HTTPS and kept. Immutable.
 *
 * @param trustSystem     trust the JVM's system trust store (the public web CAs) for the issuers' certificates
 * @param caDir           also trust the CA certificates ({@code *.0}) of this directory (the grid CA directory);
 *                        at least one of the two must be given
 * @param refreshInterval how often the discovery document and JWKS are fetched again (in the background; the
 *                        cached keys are served meanwhile, and for as long as the issuer cannot be reached)
 * @param unknownKeyGap   a token signed with a key id that is not among the cached keys fetches them again at
 *                        once, but at most once per this interval per issuer (rotation is followed; a stream of
 *                        made-up key ids does not turn into a stream of fetches)
 * @param timeout         one fetch (connect and answer) at most
 */
public record KeyFetching(boolean trustSystem, Optional<Path> caDir, Duration refreshInterval, Duration unknownKeyGap,
                          Duration timeout) {
    /** The largest discovery document or JWKS accepted. */
    public static final int MAX_DOCUMENT_BYTES = 1024 * 1024;
    /** Trusts the system store, refreshes hourly, an unknown key id fetches at most every 30 s, 10 s per fetch. */
    public static final KeyFetching DEFAULT = new KeyFetching(true, Optional.empty(), Duration.ofHours(1),
            Duration.ofSeconds(30), Duration.ofSeconds(10));

    public KeyFetching {
        Objects.requireNonNull(caDir, "caDir");
        if (!trustSystem && caDir.isEmpty()) {
            throw new IllegalArgumentException("fetching issuer keys needs a trust: the system store, the CA"
                    + " directory or both");
        }
        if (refreshInterval.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("the key refresh interval must be at least 1m: " + refreshInterval);
        }
        if (unknownKeyGap.isNegative()) {
            throw new IllegalArgumentException("the unknown key id refresh gap must not be negative: "
                    + unknownKeyGap);
        }
        if (timeout.toMillis() < 100 || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("the key fetch timeout must be within 100ms..5m: " + timeout);
        }
    }
}

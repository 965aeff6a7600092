package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An issuer's keys fetched from it by URL ({@link JwksFetcher}) and kept in memory. They are fetched when the
 * server starts (an issuer that does not answer then is tried again when a token of it comes, at most once per
 * {@code unknownKeyGap}), again in the background once {@code refreshInterval} has passed since the last attempt
 * (the token that noticed it is verified with the cached keys, not made to wait), and at once when a token names a
 * key id that the cache lacks (key rotation), at most once per {@code unknownKeyGap}. A fetch that fails keeps the
 * cached keys in force: an unreachable issuer's tokens pass as long as their keys were fetched before. Failures
 * are logged once per attempt. Thread-safe: fetches are made one at a time.
 */
final class RemoteIssuerKeys implements IssuerKeys {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteIssuerKeys.class);

    private final TokenIssuer issuer;
    private final JwksFetcher fetcher;
    private final Clock clock;
    private final long refreshMillis;
    private final long gapMillis;
    private final Object fetching = new Object();
    private final AtomicBoolean background = new AtomicBoolean();
    private volatile JWKSet keys;
    private volatile Instant fetchedAt;
    private volatile String lastFailure = "not fetched yet";
    /** When the next periodic refresh is due. */
    private volatile long refreshDue;
    /** Before this, a token's unknown key id does not fetch again. Guarded by {@link #fetching}. */
    private long unknownKeyAllowed = Long.MIN_VALUE;

    /** Fetches the keys now; an issuer that does not answer is logged, not fatal. */
    RemoteIssuerKeys(TokenIssuer issuer, JwksFetcher fetcher, KeyFetching config, Clock clock) {
        this.issuer = issuer;
        this.fetcher = fetcher;
        this.clock = clock;
        this.refreshMillis = config.refreshInterval().toMillis();
        this.gapMillis = config.unknownKeyGap().toMillis();
        fetch("at start");
    }

    @Override
    public JWKSet keys() throws SrmException {
        JWKSet current = keys;
        if (current == null) {
            refreshForUnknownKey();
            current = keys;
            if (current == null) {
                throw SrmException.denied("the keys of token issuer " + issuer.name() + " could not be fetched from "
                        + issuer.discoveryUri() + " yet (" + lastFailure + ")");
            }
            return current;
        }
        if (clock.millis() >= refreshDue && background.compareAndSet(false, true)) {
            CompletableFuture.runAsync(() -> {
                try {
                    fetch("periodic refresh");
                } finally {
                    background.set(false);
                }
            });
        }
        return current;
    }

    @Override
    public boolean refreshForUnknownKey() {
        synchronized (fetching) {
            if (clock.millis() < unknownKeyAllowed) {
                return false;
            }
            return fetch("a token named a key id not among the cached keys");
        }
    }

    @Override
    public String origin() {
        return issuer.discoveryUri().toString();
    }

    /** The time of the last successful fetch, if any. */
    Instant fetchedAt() {
        return fetchedAt;
    }

    private boolean fetch(String why) {
        synchronized (fetching) {
            long now = clock.millis();
            unknownKeyAllowed = now + gapMillis;
            refreshDue = now + refreshMillis;
            try {
                JWKSet fresh = fetcher.fetch(issuer);
                JWKSet old = keys;
                keys = fresh;
                fetchedAt = clock.instant();
                lastFailure = "";
                if (old == null || !kids(old).equals(kids(fresh))) {
                    LOG.info("token issuer {}: fetched {} keys {} from {} ({})", issuer.name(),
                            fresh.getKeys().size(), kids(fresh), issuer.discoveryUri(), why);
                }
                return true;
            } catch (IOException | RuntimeException e) {
                lastFailure = e.getMessage() == null ? e.toString() : e.getMessage();
                JWKSet cached = keys;
                LOG.warn("token issuer {}: keys could not be fetched ({}): {}; {}", issuer.name(), why, lastFailure,
                        cached == null ? "its tokens are refused until they are"
                                : "serving the " + cached.getKeys().size() + " keys fetched at " + fetchedAt);
                return false;
            }
        }
    }

    private static java.util.List<String> kids(JWKSet set) {
        return set.getKeys().stream().map(JWK::getKeyID).map(String::valueOf).sorted().toList();
    }
}

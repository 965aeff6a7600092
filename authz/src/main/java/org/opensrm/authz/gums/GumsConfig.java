package org.opensrm.authz.gums;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * How the {@code gums} mapper reaches GUMS and keeps its answers. Immutable; made with {@link #builder}.
 */
public final class GumsConfig {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_CACHE_TTL = Duration.ofMinutes(10);
    public static final Duration DEFAULT_NEGATIVE_CACHE_TTL = Duration.ofMinutes(1);
    public static final int DEFAULT_CACHE_SIZE = 10_000;

    private final URI endpoint;
    private final SSLContext tls;
    private final String seHost;
    private final String seDn;
    private final Duration timeout;
    private final Duration cacheTtl;
    private final Duration negativeCacheTtl;
    private final int cacheSize;

    private GumsConfig(Builder b) {
        this.endpoint = b.endpoint;
        this.tls = b.tls;
        this.seHost = b.seHost;
        this.seDn = b.seDn;
        this.timeout = b.timeout;
        this.cacheTtl = b.cacheTtl;
        this.negativeCacheTtl = b.negativeCacheTtl;
        this.cacheSize = b.cacheSize;
    }

    /**
     * @param endpoint e.g. {@code https://gums.example.org:8443/gums/services/GUMSXACMLAuthorizationServicePort}
     * @param tls      presents the host certificate and trusts the CAs GUMS' certificate may come from
     *                 (see {@link GumsTls#hostContext})
     * @param seHost   this storage element's host name, sent as {@code dns-host-name}
     * @param seDn     the host certificate's subject, sent as {@code resource-x509-id} and as the query's issuer
     */
    public static Builder builder(URI endpoint, SSLContext tls, String seHost, String seDn) {
        return new Builder(endpoint, tls, seHost, seDn);
    }

    public URI endpoint() {
        return endpoint;
    }

    public SSLContext tls() {
        return tls;
    }

    public String seHost() {
        return seHost;
    }

    public String seDn() {
        return seDn;
    }

    /** Longest wait for an answer, connection included; default {@link #DEFAULT_TIMEOUT}. */
    public Duration timeout() {
        return timeout;
    }

    /** How long a Permit is reused after it arrived; default {@link #DEFAULT_CACHE_TTL}. */
    public Duration cacheTtl() {
        return cacheTtl;
    }

    /** How long a Deny (or NotApplicable) is reused; default {@link #DEFAULT_NEGATIVE_CACHE_TTL}. */
    public Duration negativeCacheTtl() {
        return negativeCacheTtl;
    }

    /** Most answers kept; the oldest go first; default {@link #DEFAULT_CACHE_SIZE}. */
    public int cacheSize() {
        return cacheSize;
    }

    /** Validates on {@link #build()}. */
    public static final class Builder {
        private final URI endpoint;
        private final SSLContext tls;
        private final String seHost;
        private final String seDn;
        private Duration timeout = DEFAULT_TIMEOUT;
        private Duration cacheTtl = DEFAULT_CACHE_TTL;
        private Duration negativeCacheTtl = DEFAULT_NEGATIVE_CACHE_TTL;
        private int cacheSize = DEFAULT_CACHE_SIZE;

        private Builder(URI endpoint, SSLContext tls, String seHost, String seDn) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
            this.tls = Objects.requireNonNull(tls, "tls");
            this.seHost = Objects.requireNonNull(seHost, "seHost");
            this.seDn = Objects.requireNonNull(seDn, "seDn");
        }

        public Builder timeout(Duration timeout) {
            this.timeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        public Builder cacheTtl(Duration ttl) {
            this.cacheTtl = Objects.requireNonNull(ttl, "cacheTtl");
            return this;
        }

        public Builder negativeCacheTtl(Duration ttl) {
            this.negativeCacheTtl = Objects.requireNonNull(ttl, "negativeCacheTtl");
            return this;
        }

        public Builder cacheSize(int size) {
            this.cacheSize = size;
            return this;
        }

        /** @throws IllegalArgumentException naming what is wrong */
        public GumsConfig build() {
            if (!"https".equals(endpoint.getScheme()) || endpoint.getHost() == null) {
                throw new IllegalArgumentException("GUMS endpoint must be an https:// URL: " + endpoint);
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("GUMS timeout must be positive: " + timeout);
            }
            if (cacheTtl.isNegative() || negativeCacheTtl.isNegative()) {
                throw new IllegalArgumentException("GUMS cache times to live must not be negative");
            }
            if (negativeCacheTtl.compareTo(cacheTtl) > 0) {
                throw new IllegalArgumentException("GUMS negative cache time to live (" + negativeCacheTtl
                        + ") must not exceed the positive one (" + cacheTtl + ")");
            }
            if (cacheSize < 1) {
                throw new IllegalArgumentException("GUMS cache size must be at least 1: " + cacheSize);
            }
            return new GumsConfig(this);
        }
    }
}

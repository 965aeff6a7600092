package org.opensrm.testkit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable environment the clients run in. Required: the user's proxy ({@code X509_USER_PROXY}), the trust
 * directory ({@code X509_CERT_DIR}) and a private {@code HOME} (ARC writes {@code ~/.arc}, gfal2 may write
 * {@code ~/.gfal2}). Nothing else leaks in from the JVM's environment: in particular {@code X509_USER_CERT} and
 * {@code X509_USER_KEY} are never set, since globus-url-copy would authenticate with them instead of the proxy.
 * gfal2 reads its configuration from {@code GFAL_CONFIG_DIR} = {@code HOME/.gfal2.d}, a copy of
 * {@code /etc/gfal2.d} with the BDII lookup switched off (see {@link SrmClients}), so that no gfal2 command or
 * python3-gfal2 script ever tries to resolve a short-form SURL through a public LDAP server.
 *
 * <p>Defaults: timeout 120 s per command; ARC's own network timeout ({@code client.conf timeout}) 30 s;
 * {@code PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin}.
 */
public final class ClientEnvironment {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    public static final Duration DEFAULT_ARC_TIMEOUT = Duration.ofSeconds(30);
    public static final String DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private final Path proxy;
    private final Path trustDir;
    private final Path home;
    private final Duration timeout;
    private final Duration arcTimeout;
    private final Map<String, String> extraEnv;

    private ClientEnvironment(Builder b) {
        proxy = b.proxy;
        trustDir = b.trustDir;
        home = b.home;
        timeout = b.timeout;
        arcTimeout = b.arcTimeout;
        extraEnv = Map.copyOf(b.extraEnv);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this environment's values, to derive a variant (e.g. another user's proxy). */
    public Builder toBuilder() {
        Builder b = new Builder().proxy(proxy).trustDir(trustDir).home(home).timeout(timeout).arcTimeout(arcTimeout);
        b.extraEnv.putAll(extraEnv);
        return b;
    }

    public Path proxy() {
        return proxy;
    }

    public Path trustDir() {
        return trustDir;
    }

    public Path home() {
        return home;
    }

    /** Wall-clock limit per command; the process tree is killed past it. */
    public Duration timeout() {
        return timeout;
    }

    /** Network timeout ARC clients use for each service call. */
    public Duration arcTimeout() {
        return arcTimeout;
    }

    /** {@code GFAL_CONFIG_DIR}: the client's private gfal2 configuration, {@code HOME/.gfal2.d}. */
    public Path gfalConfigDir() {
        return home.resolve(".gfal2.d");
    }

    /** Additional variables (set last, so they may override the defaults). */
    public Map<String, String> extraEnv() {
        return extraEnv;
    }

    /** The full environment of a client process. */
    public Map<String, String> variables() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", DEFAULT_PATH);
        env.put("HOME", home.toString());
        env.put("LANG", "C.UTF-8");
        env.put("TMPDIR", "/tmp");
        env.put("X509_USER_PROXY", proxy.toString());
        env.put("X509_CERT_DIR", trustDir.toString());
        env.put("GFAL_PYTHONBIN", "/usr/bin/python3");
        env.put("GFAL_CONFIG_DIR", gfalConfigDir().toString());
        env.putAll(extraEnv);
        return env;
    }

    /** Validating builder. */
    public static final class Builder {
        private Path proxy;
        private Path trustDir;
        private Path home;
        private Duration timeout = DEFAULT_TIMEOUT;
        private Duration arcTimeout = DEFAULT_ARC_TIMEOUT;
        private final Map<String, String> extraEnv = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder proxy(Path file) {
            proxy = Objects.requireNonNull(file, "proxy").toAbsolutePath();
            return this;
        }

        public Builder trustDir(Path dir) {
            trustDir = Objects.requireNonNull(dir, "trustDir").toAbsolutePath();
            return this;
        }

        /** A private directory used as {@code HOME}; created if missing. */
        public Builder home(Path dir) {
            home = Objects.requireNonNull(dir, "home").toAbsolutePath();
            return this;
        }

        public Builder timeout(Duration value) {
            timeout = Objects.requireNonNull(value, "timeout");
            return this;
        }

        public Builder arcTimeout(Duration value) {
            arcTimeout = Objects.requireNonNull(value, "arcTimeout");
            return this;
        }

        /** Sets one more variable, e.g. {@code X509_VOMS_DIR}. */
        public Builder env(String name, String value) {
            extraEnv.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public ClientEnvironment build() {
            if (proxy == null || trustDir == null || home == null) {
                throw new IllegalArgumentException("proxy, trustDir and home are required");
            }
            if (timeout.isNegative() || timeout.isZero() || arcTimeout.isNegative() || arcTimeout.isZero()) {
                throw new IllegalArgumentException("timeouts must be positive");
            }
            if (extraEnv.containsKey("X509_USER_CERT") || extraEnv.containsKey("X509_USER_KEY")) {
                throw new IllegalArgumentException("X509_USER_CERT/KEY would make Globus clients ignore the proxy");
            }
            return new ClientEnvironment(this);
        }
    }
}

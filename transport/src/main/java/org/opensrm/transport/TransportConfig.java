package org.opensrm.transport;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Configuration of the httpg/HTTPS listener. Immutable; build it with {@link #builder()}.
 *
 * @param host              interface to bind; {@code "0.0.0.0"} (default) = all
 * @param port              TCP port, default 8443; 0 = ephemeral (see {@link HttpgServer#port()})
 * @param hostCert          PEM host certificate (chain), default {@code /etc/grid-security/hostcert.pem}
 * @param hostKey           PEM unencrypted host key (PKCS#1 or PKCS#8), default {@code /etc/grid-security/hostkey.pem}
 * @param caDir             OpenSSL trust directory ({@code <hash>.0}, {@code .signing_policy}, {@code .namespaces},
 *                          CRLs {@code <hash>.r0}), default {@code /etc/grid-security/certificates}
 * @param threadsMin        minimum worker threads, default 8
 * @param threadsMax        maximum worker threads, default 200; also the most handshakes that may be owed the
 *                          server's work before the acceptor waits (new connections then queue in the kernel)
 * @param acceptQueue       TCP accept backlog, default 1024
 * @param idleTimeout       idle keep-alive connections are closed after this, default 60 s
 * @param maxConnections    most connections served at once, default 10000; one beyond is closed as soon as it
 *                          is accepted (before the TLS handshake), so its client fails at once instead of waiting
 * @param credentialRefresh how often the host credential, CA certificates and CRLs are re-read when changed,
 *                          default 5 min
 * @param vomsDir           VOMS trust directory ({@code vomsdir} with {@code <vo>/<host>.lsc}); {@code null}
 *                          (default) = VOMS attributes are not validated and FQANs stay empty
 * @param acceptors         threads accepting connections, default 1
 * @param selectors         threads watching connections for I/O; -1 (default) = Jetty's choice (half the cores)
 * @param handshakeTimeout  longest a connection may take from its accept to the complete head of its first request
 *                          (TLS handshake, GSI byte, request line and headers), however it trickles bytes; one that
 *                          has not made it by then is closed. Only the time the server waited for the peer's
 *                          bytes counts: time the connection's bytes waited for the server's threads does not
 *                          (see {@code handshakeTotalTimeout}). Default 10 s
 * @param maxConnectionsPerAddress most connections served at once from one client address (an IPv6 client: from
 *                          one /64), default 200; one beyond is closed as soon as it is accepted, like one beyond
 *                          {@code maxConnections}. Not binding when it is at least {@code maxConnections}
 * @param bearerTokens      false (default): every client must present a certificate at the TLS handshake.
 *                          True: a client certificate is asked for but not required, and a request without one
 *                          is served only if it carries {@code Authorization: Bearer}, which the authorization
 *                          chain's token mapper validates; one with neither is answered HTTP 401 with
 *                          {@code WWW-Authenticate: Bearer} before any servlet sees it. A certificate that is
 *                          presented is still validated (an invalid one fails the handshake), and a client that
 *                          presents one is identified by it alone
 * @param handshakeTotalTimeout longest a connection may take from its accept to the complete head of its first
 *                          request, the time its handshake waited for the server included; at least
 *                          {@code handshakeTimeout}. Default six times {@code handshakeTimeout} (60 s)
 */
public record TransportConfig(String host, int port, Path hostCert, Path hostKey, Path caDir,
        int threadsMin, int threadsMax, int acceptQueue, Duration idleTimeout, int maxConnections,
        Duration credentialRefresh, Path vomsDir, int acceptors, int selectors, Duration handshakeTimeout,
        int maxConnectionsPerAddress, boolean bearerTokens, Duration handshakeTotalTimeout) {

    public TransportConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(hostCert, "hostCert");
        Objects.requireNonNull(hostKey, "hostKey");
        Objects.requireNonNull(caDir, "caDir");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(credentialRefresh, "credentialRefresh");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        Objects.requireNonNull(handshakeTotalTimeout, "handshakeTotalTimeout");
        require(port >= 0 && port <= 65535, "port must be within 0..65535: " + port);
        require(threadsMin >= 1, "threadsMin must be at least 1: " + threadsMin);
        require(threadsMax >= 8, "threadsMax must be at least 8 (acceptor, selectors, workers): " + threadsMax);
        require(threadsMin <= threadsMax, "threadsMin " + threadsMin + " exceeds threadsMax " + threadsMax);
        require(acceptQueue >= 0, "acceptQueue must not be negative: " + acceptQueue);
        require(!idleTimeout.isNegative() && !idleTimeout.isZero(), "idleTimeout must be positive");
        require(maxConnections >= 1, "maxConnections must be at least 1: " + maxConnections);
        require(credentialRefresh.toMillis() >= 100, "credentialRefresh must be at least 100 ms");
        require(handshakeTimeout.toMillis() >= 100, "handshakeTimeout must be at least 100 ms");
        require(handshakeTotalTimeout.compareTo(handshakeTimeout) >= 0, "handshakeTotalTimeout "
                + handshakeTotalTimeout + " is shorter than handshakeTimeout " + handshakeTimeout);
        require(maxConnectionsPerAddress >= 1, "maxConnectionsPerAddress must be at least 1: "
                + maxConnectionsPerAddress);
        require(acceptors >= 1 && acceptors <= 64, "acceptors must be within 1..64: " + acceptors);
        require(selectors == -1 || selectors >= 1 && selectors <= 256, "selectors must be -1 or within 1..256: "
                + selectors);
        require(threadsMax >= acceptors + Math.max(selectors, 1) + 4, "threadsMax " + threadsMax
                + " leaves too few worker threads beside " + acceptors + " acceptor(s) and the selectors");
    }

    /** The configuration without VOMS validation (same as the canonical constructor with {@code vomsDir = null}). */
    public TransportConfig(String host, int port, Path hostCert, Path hostKey, Path caDir, int threadsMin,
            int threadsMax, int acceptQueue, Duration idleTimeout, int maxConnections, Duration credentialRefresh) {
        this(host, port, hostCert, hostKey, caDir, threadsMin, threadsMax, acceptQueue, idleTimeout, maxConnections,
                credentialRefresh, null, 1, -1, Builder.HANDSHAKE_TIMEOUT, Builder.MAX_CONNECTIONS_PER_ADDRESS, false,
                Builder.HANDSHAKE_TIMEOUT.multipliedBy(Builder.HANDSHAKE_TOTAL_FACTOR));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder().host(host).port(port).hostCert(hostCert).hostKey(hostKey).caDir(caDir)
                .threadsMin(threadsMin).threadsMax(threadsMax).acceptQueue(acceptQueue).idleTimeout(idleTimeout)
                .maxConnections(maxConnections).credentialRefresh(credentialRefresh).vomsDir(vomsDir)
                .acceptors(acceptors).selectors(selectors).handshakeTimeout(handshakeTimeout)
                .maxConnectionsPerAddress(maxConnectionsPerAddress).bearerTokens(bearerTokens)
                .handshakeTotalTimeout(handshakeTotalTimeout.equals(handshakeTimeout.multipliedBy(
                        Builder.HANDSHAKE_TOTAL_FACTOR)) ? null : handshakeTotalTimeout); // derived stays derived
    }

    /** Builder with the documented defaults; {@link #build()} validates. */
    public static final class Builder {
        static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
        static final int MAX_CONNECTIONS_PER_ADDRESS = 200;
        /** The default {@code handshakeTotalTimeout}, in multiples of {@code handshakeTimeout}. */
        static final int HANDSHAKE_TOTAL_FACTOR = 6;

        private String host = "0.0.0.0";
        private int port = 8443;
        private Path hostCert = Path.of("/etc/grid-security/hostcert.pem");
        private Path hostKey = Path.of("/etc/grid-security/hostkey.pem");
        private Path caDir = Path.of("/etc/grid-security/certificates");
        private int threadsMin = 8;
        private int threadsMax = 200;
        private int acceptQueue = 1024;
        private Duration idleTimeout = Duration.ofSeconds(60);
        private int maxConnections = 10_000;
        private Duration credentialRefresh = Duration.ofMinutes(5);
        private Path vomsDir;
        private int acceptors = 1;
        private int selectors = -1;
        private Duration handshakeTimeout = HANDSHAKE_TIMEOUT;
        private int maxConnectionsPerAddress = MAX_CONNECTIONS_PER_ADDRESS;
        private boolean bearerTokens;
        private Duration handshakeTotalTimeout;

        private Builder() {
        }

        public Builder host(String value) {
            host = value;
            return this;
        }

        public Builder port(int value) {
            port = value;
            return this;
        }

        public Builder hostCert(Path value) {
            hostCert = value;
            return this;
        }

        public Builder hostKey(Path value) {
            hostKey = value;
            return this;
        }

        public Builder caDir(Path value) {
            caDir = value;
            return this;
        }

        public Builder threadsMin(int value) {
            threadsMin = value;
            return this;
        }

        public Builder threadsMax(int value) {
            threadsMax = value;
            return this;
        }

        public Builder acceptQueue(int value) {
            acceptQueue = value;
            return this;
        }

        public Builder idleTimeout(Duration value) {
            idleTimeout = value;
            return this;
        }

        public Builder maxConnections(int value) {
            maxConnections = value;
            return this;
        }

        public Builder credentialRefresh(Duration value) {
            credentialRefresh = value;
            return this;
        }

        /** VOMS trust directory; {@code null} disables VOMS validation. */
        public Builder vomsDir(Path value) {
            vomsDir = value;
            return this;
        }

        public Builder acceptors(int value) {
            acceptors = value;
            return this;
        }

        /** Selector threads; -1 lets Jetty choose. */
        public Builder selectors(int value) {
            selectors = value;
            return this;
        }

        /** Longest time from accept to the first request's complete head. */
        public Builder handshakeTimeout(Duration value) {
            handshakeTimeout = value;
            return this;
        }

        /** Most connections served at once from one client address (IPv6: one /64). */
        public Builder maxConnectionsPerAddress(int value) {
            maxConnectionsPerAddress = value;
            return this;
        }

        /** Serve HTTPS clients without a certificate that send a bearer token; default false. */
        public Builder bearerTokens(boolean value) {
            bearerTokens = value;
            return this;
        }

        /**
         * Longest from accept to the first request head, waits for the server included; {@code null} (default):
         * six times the handshake timeout.
         */
        public Builder handshakeTotalTimeout(Duration value) {
            handshakeTotalTimeout = value;
            return this;
        }

        public TransportConfig build() {
            Duration total = handshakeTotalTimeout != null || handshakeTimeout == null ? handshakeTotalTimeout
                    : handshakeTimeout.multipliedBy(HANDSHAKE_TOTAL_FACTOR);
            return new TransportConfig(host, port, hostCert, hostKey, caDir, threadsMin, threadsMax, acceptQueue,
                    idleTimeout, maxConnections, credentialRefresh, vomsDir, acceptors, selectors, handshakeTimeout,
                    maxConnectionsPerAddress, bearerTokens, total);
        }
    }
}

package org.opensrm.loadtest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one load-test run needs. Immutable; built with {@link #builder()}, which validates and documents the
 * defaults.
 */
public final class LoadTestConfig {
    private final SrmEndpoint endpoint;
    private final Path proxyFile;
    private final Optional<Path> caDir;
    private final boolean insecureTrust;
    private final Operation operation;
    private final List<TargetSurl> targets;
    private final List<Integer> concurrencyLevels;
    private final Duration duration;
    private final Duration warmup;
    private final Duration pauseBetweenLevels;
    private final Duration rampUp;
    private final ConnectionMode connectionMode;
    private final Path outputDir;
    private final Duration requestTimeout;
    private final String expectedStatus;
    private final int lsLevels;
    private final boolean lsFullDetail;
    private final long putFileSize;
    private final Duration pollInterval;
    private final Duration errorBackoff;
    private final long threadStackBytes;
    private final boolean tlsResumption;
    private final Optional<Duration> connectFirst;
    private final int tlsWarmup;
    private final int maxHandshakes;
    private final BusyPause busyPause;

    private LoadTestConfig(Builder b) {
        this.endpoint = b.endpoint;
        this.proxyFile = b.proxyFile;
        this.caDir = Optional.ofNullable(b.caDir);
        this.insecureTrust = b.insecureTrust;
        this.operation = b.operation;
        this.targets = b.operation.needsSurl() ? List.copyOf(b.targets) : List.of(TargetSurl.NONE);
        this.concurrencyLevels = List.copyOf(b.concurrencyLevels);
        this.duration = b.duration;
        this.warmup = b.warmup;
        this.pauseBetweenLevels = b.pauseBetweenLevels;
        this.rampUp = b.rampUp == null ? b.warmup.dividedBy(2) : b.rampUp;
        this.connectionMode = b.connectionMode;
        this.outputDir = b.outputDir;
        this.requestTimeout = b.requestTimeout;
        this.expectedStatus = b.expectedStatus;
        this.lsLevels = b.lsLevels;
        this.lsFullDetail = b.lsFullDetail;
        this.putFileSize = b.putFileSize;
        this.pollInterval = b.pollInterval;
        this.errorBackoff = b.errorBackoff;
        this.threadStackBytes = b.threadStackBytes;
        this.tlsResumption = b.tlsResumption;
        this.connectFirst = Optional.ofNullable(b.connectFirst);
        this.tlsWarmup = b.tlsWarmup;
        this.maxHandshakes = b.maxHandshakes;
        this.busyPause = b.busyPause;
    }

    public static Builder builder() {
        return new Builder();
    }

    public SrmEndpoint endpoint() { return endpoint; }
    /** X509_USER_PROXY-format file presented as TLS client certificate. */
    public Path proxyFile() { return proxyFile; }
    /** Directory of trusted CA certificates ({@code *.0}); empty only with {@link #insecureTrust()}. */
    public Optional<Path> caDir() { return caDir; }
    /** Trust any server certificate and skip the host-name check. */
    public boolean insecureTrust() { return insecureTrust; }
    public Operation operation() { return operation; }
    /** The SURLs to run against, in order; {@link TargetSurl#NONE} alone for {@code ping}. */
    public List<TargetSurl> targets() { return targets; }
    public List<Integer> concurrencyLevels() { return concurrencyLevels; }
    /** Measured time per concurrency level. */
    public Duration duration() { return duration; }
    /** Unmeasured time per level before the measured window (connection set-up, server warm-up). */
    public Duration warmup() { return warmup; }
    /** Idle time between levels so the server (and TIME_WAIT sockets) can settle. */
    public Duration pauseBetweenLevels() { return pauseBetweenLevels; }
    /** Clients send their first request spread evenly over this time, from the start of the warm-up. */
    public Duration rampUp() { return rampUp; }
    public ConnectionMode connectionMode() { return connectionMode; }
    public Path outputDir() { return outputDir; }
    /** Connect, handshake and response timeout; also the longest a put or get cycle polls. */
    public Duration requestTimeout() { return requestTimeout; }
    /** Request-level status that counts as OK for {@code ls}. */
    public String expectedStatus() { return expectedStatus; }
    /** {@code numOfLevels} of each srmLs (1 lists a directory's entries, 0 stats it). */
    public int lsLevels() { return lsLevels; }
    /** {@code fullDetailedList} of each srmLs. */
    public boolean lsFullDetail() { return lsFullDetail; }
    /** {@code expectedFileSize} announced by each srmPrepareToPut. */
    public long putFileSize() { return putFileSize; }
    /** Sleep between the status polls of a put or get cycle when the server gives no estimatedWaitTime. */
    public Duration pollInterval() { return pollInterval; }
    /** Sleep of a client after a connection error, so a refusing server is not hammered in a tight loop. */
    public Duration errorBackoff() { return errorBackoff; }
    /** Stack size of each client thread. */
    public long threadStackBytes() { return threadStackBytes; }
    /** Allow TLS session resumption across connections (off: every connection makes a full handshake, like GSI). */
    public boolean tlsResumption() { return tlsResumption; }
    /**
     * Keep-alive only: when present, every client opens its connection first (after its ramp-up delay) and sends
     * nothing until all started clients hold one or this long has passed since they were let go; the warm-up
     * counts from then. Empty (default): clients connect with their first request.
     */
    public Optional<Duration> connectFirst() { return connectFirst; }
    /**
     * Full handshakes made (two at a time, each connection closed at once) before the first level, so that the
     * load tester's own TLS code is compiled before its clients need it: a cold JVM signs and agrees keys many
     * times slower, and its clients then answer the server's handshakes late. 0 (default): none.
     */
    public int tlsWarmup() { return tlsWarmup; }
    /**
     * Most connections the load tester sets up at once (TCP connect to GSI byte); more clients wait for a slot, in
     * arrival order, before they connect. Thousands of handshakes in progress on one host share its CPU and each
     * answers the server late; real clients each have their own. 0 (default): no bound.
     */
    public int maxHandshakes() { return maxHandshakes; }
    /**
     * A client's pause before its next call after a busy answer ({@code SRM_INTERNAL_ERROR}, or srmPing's
     * {@code otherInfo} error): {@link BusyPause#GFAL2} (default) as gfal2 backs off, {@link BusyPause#NONE} to
     * retry at once as ARC does. Clients that retry at once turn a busy server's answers into more calls.
     */
    public BusyPause busyPause() { return busyPause; }

    /** Validating builder; see each setter for its default. */
    public static final class Builder {
        private SrmEndpoint endpoint;
        private Path proxyFile;
        private Path caDir;
        private boolean insecureTrust;
        private Operation operation = Operation.LS;
        private List<TargetSurl> targets = List.of();
        private List<Integer> concurrencyLevels = List.of(1, 10, 100, 1000);
        private Duration duration = Duration.ofSeconds(30);
        private Duration warmup = Duration.ofSeconds(5);
        private Duration pauseBetweenLevels = Duration.ofSeconds(2);
        private Duration rampUp;
        private ConnectionMode connectionMode = ConnectionMode.KEEPALIVE;
        private Path outputDir = Path.of("loadtest-results");
        private Duration requestTimeout = Duration.ofSeconds(60);
        private String expectedStatus = "SRM_SUCCESS";
        private int lsLevels = 1;
        private boolean lsFullDetail = true;
        private long putFileSize = 1;
        private Duration pollInterval = Duration.ofMillis(100);
        private Duration errorBackoff = Duration.ofMillis(100);
        private long threadStackBytes = 256 * 1024;
        private boolean tlsResumption;
        private Duration connectFirst;
        private int tlsWarmup;
        private int maxHandshakes;
        private BusyPause busyPause = BusyPause.GFAL2;

        private Builder() {
        }

        /** Required. */
        public Builder endpoint(SrmEndpoint value) { this.endpoint = value; return this; }
        /** Required. */
        public Builder proxyFile(Path value) { this.proxyFile = value; return this; }
        /** Required unless {@link #insecureTrust(boolean)}. */
        public Builder caDir(Path value) { this.caDir = value; return this; }
        /** Default false. */
        public Builder insecureTrust(boolean value) { this.insecureTrust = value; return this; }
        /** Default {@code ls}. */
        public Builder operation(Operation value) { this.operation = value; return this; }
        /** Required (non-empty) for {@code ls} and {@code put}; ignored for {@code ping}. */
        public Builder targets(List<TargetSurl> value) { this.targets = List.copyOf(value); return this; }
        /** Default 1, 10, 100, 1000. */
        public Builder concurrencyLevels(List<Integer> value) { this.concurrencyLevels = List.copyOf(value); return this; }
        /** Default 30 s. */
        public Builder duration(Duration value) { this.duration = value; return this; }
        /** Default 5 s. */
        public Builder warmup(Duration value) { this.warmup = value; return this; }
        /** Default 2 s. */
        public Builder pauseBetweenLevels(Duration value) { this.pauseBetweenLevels = value; return this; }
        /** Default half the warm-up; zero starts every client at once. */
        public Builder rampUp(Duration value) { this.rampUp = value; return this; }
        /** Default keep-alive. */
        public Builder connectionMode(ConnectionMode value) { this.connectionMode = value; return this; }
        /** Default {@code ./loadtest-results}. */
        public Builder outputDir(Path value) { this.outputDir = value; return this; }
        /** Default 60 s. */
        public Builder requestTimeout(Duration value) { this.requestTimeout = value; return this; }
        /** Default SRM_SUCCESS. */
        public Builder expectedStatus(String value) { this.expectedStatus = value; return this; }
        /** Default 1. */
        public Builder lsLevels(int value) { this.lsLevels = value; return this; }
        /** Default true. */
        public Builder lsFullDetail(boolean value) { this.lsFullDetail = value; return this; }
        /** Default 1 byte. */
        public Builder putFileSize(long value) { this.putFileSize = value; return this; }
        /** Default 100 ms. */
        public Builder pollInterval(Duration value) { this.pollInterval = value; return this; }
        /** Default 100 ms. */
        public Builder errorBackoff(Duration value) { this.errorBackoff = value; return this; }
        /** Default 256 KiB. */
        public Builder threadStackBytes(long value) { this.threadStackBytes = value; return this; }
        /** Default false. */
        public Builder tlsResumption(boolean value) { this.tlsResumption = value; return this; }
        /** Default none (off); see {@link LoadTestConfig#connectFirst()}. */
        public Builder connectFirst(Duration longestWait) { this.connectFirst = longestWait; return this; }
        /** Default 0 (none); see {@link LoadTestConfig#tlsWarmup()}. */
        public Builder tlsWarmup(int handshakes) { this.tlsWarmup = handshakes; return this; }
        /** Default 0 (no bound); see {@link LoadTestConfig#maxHandshakes()}. */
        public Builder maxHandshakes(int value) { this.maxHandshakes = value; return this; }
        /** Default {@link BusyPause#GFAL2}; see {@link LoadTestConfig#busyPause()}. */
        public Builder busyPause(BusyPause value) { this.busyPause = value; return this; }

        public LoadTestConfig build() {
            Objects.requireNonNull(endpoint, "endpoint is required");
            Objects.requireNonNull(proxyFile, "proxy file is required");
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(connectionMode, "connection mode");
            Objects.requireNonNull(outputDir, "output directory");
            Objects.requireNonNull(expectedStatus, "expected status");
            Objects.requireNonNull(busyPause, "busy pause");
            if (caDir == null && !insecureTrust) {
                throw new IllegalArgumentException("a CA directory is required (or explicitly trust anything)");
            }
            if (operation.needsSurl() && targets.isEmpty()) {
                throw new IllegalArgumentException("operation " + operation.label() + " needs at least one SURL");
            }
            if (concurrencyLevels.isEmpty() || concurrencyLevels.stream().anyMatch(c -> c < 1)) {
                throw new IllegalArgumentException("concurrency levels must be positive: " + concurrencyLevels);
            }
            requirePositive(duration, "duration");
            requireNotNegative(warmup, "warmup");
            requireNotNegative(pauseBetweenLevels, "pause between levels");
            if (rampUp != null) {
                requireNotNegative(rampUp, "ramp-up");
            }
            requirePositive(requestTimeout, "request timeout");
            requirePositive(pollInterval, "poll interval");
            requireNotNegative(errorBackoff, "error backoff");
            if (lsLevels < 0 || putFileSize < 0) {
                throw new IllegalArgumentException("ls levels and put file size must not be negative");
            }
            if (maxHandshakes < 0) {
                throw new IllegalArgumentException("max handshakes must not be negative: " + maxHandshakes);
            }
            if (tlsWarmup < 0) {
                throw new IllegalArgumentException("TLS warm-up must not be negative: " + tlsWarmup);
            }
            if (connectFirst != null) {
                requirePositive(connectFirst, "connect-first wait");
                if (connectionMode != ConnectionMode.KEEPALIVE) {
                    throw new IllegalArgumentException("connect-first needs keep-alive connections");
                }
            }
            if (threadStackBytes < 64 * 1024) {
                throw new IllegalArgumentException("thread stack must be at least 64 KiB");
            }
            return new LoadTestConfig(this);
        }

        private static void requirePositive(Duration d, String what) {
            if (d == null || d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(what + " must be positive");
            }
        }

        private static void requireNotNegative(Duration d, String what) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(what + " must not be negative");
            }
        }
    }
}

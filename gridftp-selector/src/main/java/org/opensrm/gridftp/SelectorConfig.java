package org.opensrm.gridftp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Immutable configuration of GridFTP node selection and background health probing.
 *
 * <p>Defaults: policy {@link SelectionPolicy#ROUND_ROBIN}, probe interval 10 s, connect timeout 2 s. The
 * connect timeout bounds both the TCP connect and the wait for the {@code 220} banner, and must not exceed the
 * probe interval. The load-probe settings ({@link #loadProbe()}) are checked against the nodes when the policy is
 * {@link SelectionPolicy#LOAD_PROBE}.
 */
public final class SelectorConfig {
    public static final SelectionPolicy DEFAULT_POLICY = SelectionPolicy.ROUND_ROBIN;
    public static final Duration DEFAULT_PROBE_INTERVAL = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private final List<GridFtpNode> nodes;
    private final SelectionPolicy policy;
    private final Duration probeInterval;
    private final Duration connectTimeout;
    private final LoadProbeConfig loadProbe;

    private SelectorConfig(Builder b) {
        this.nodes = List.copyOf(b.nodes);
        this.policy = b.policy;
        this.probeInterval = b.probeInterval;
        this.connectTimeout = b.connectTimeout;
        this.loadProbe = b.loadProbe;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The configured nodes, in configuration order, without duplicates; never empty. */
    public List<GridFtpNode> nodes() {
        return nodes;
    }

    public SelectionPolicy policy() {
        return policy;
    }

    public Duration probeInterval() {
        return probeInterval;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Settings of {@link SelectionPolicy#LOAD_PROBE}; {@link LoadProbeConfig#defaults()} unless set. */
    public LoadProbeConfig loadProbe() {
        return loadProbe;
    }

    @Override
    public String toString() {
        return "SelectorConfig{nodes=" + nodes + ", policy=" + policy + ", probeInterval=" + probeInterval
                + ", connectTimeout=" + connectTimeout + ", loadProbe=" + loadProbe + "}";
    }

    /** Validating builder; {@link #build()} throws {@link IllegalArgumentException} on a bad value. */
    public static final class Builder {
        private final List<GridFtpNode> nodes = new ArrayList<>();
        private SelectionPolicy policy = DEFAULT_POLICY;
        private Duration probeInterval = DEFAULT_PROBE_INTERVAL;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private LoadProbeConfig loadProbe = LoadProbeConfig.defaults();

        private Builder() {
        }

        public Builder node(GridFtpNode node) {
            nodes.add(Objects.requireNonNull(node, "node"));
            return this;
        }

        /** Adds a node given as {@code gsiftp://host[:port]}. */
        public Builder node(String uri) {
            return node(GridFtpNode.parse(uri));
        }

        public Builder nodes(List<GridFtpNode> more) {
            more.forEach(this::node);
            return this;
        }

        public Builder policy(SelectionPolicy value) {
            this.policy = Objects.requireNonNull(value, "policy");
            return this;
        }

        public Builder probeInterval(Duration value) {
            this.probeInterval = Objects.requireNonNull(value, "probeInterval");
            return this;
        }

        public Builder connectTimeout(Duration value) {
            this.connectTimeout = Objects.requireNonNull(value, "connectTimeout");
            return this;
        }

        public Builder loadProbe(LoadProbeConfig value) {
            this.loadProbe = Objects.requireNonNull(value, "loadProbe");
            return this;
        }

        public SelectorConfig build() {
            if (nodes.isEmpty()) {
                throw new IllegalArgumentException("at least one GridFTP node must be configured");
            }
            if (new LinkedHashSet<>(nodes).size() != nodes.size()) {
                throw new IllegalArgumentException("GridFTP node configured twice: " + nodes);
            }
            if (probeInterval.isNegative() || probeInterval.isZero()) {
                throw new IllegalArgumentException("probe interval must be positive: " + probeInterval);
            }
            if (connectTimeout.isNegative() || connectTimeout.isZero()) {
                throw new IllegalArgumentException("connect timeout must be positive: " + connectTimeout);
            }
            if (connectTimeout.compareTo(probeInterval) > 0) {
                throw new IllegalArgumentException("connect timeout " + connectTimeout
                        + " exceeds probe interval " + probeInterval);
            }
            if (policy == SelectionPolicy.LOAD_PROBE) {
                loadProbe.validateFor(nodes);
            }
            return new SelectorConfig(this);
        }
    }
}

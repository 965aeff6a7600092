package org.opensrm.gridftp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable settings of the {@link SelectionPolicy#LOAD_PROBE} selector. Defaults (documented in
 * {@code conf/srm.conf}): source {@link Source#BANNER} (no agent), weights sessions 1, throughput 1, CPU 0.5,
 * sessions max 100, link 1.25e9 bytes/s (10 Gbit/s), stale after 3 probe intervals, dead after 6, near-tie 10 %,
 * answers up to 1 MiB.
 *
 * <p>The load figure of a door is the weighted mean of the figures it reports, each as a fraction of its capacity:
 * sessions / sessions max, throughput / link, CPU load / cores; a figure the door does not report is left out of the
 * mean. Endpoint templates name the probe endpoint of every door; {@code {host}} and {@code {port}} are replaced by
 * the door's. A door listed in {@link #endpointsOf} uses its own list instead.
 */
public final class LoadProbeConfig {
    /** Where load figures come from. */
    public enum Source {
        /** No agent: the time to the 220 banner is the load figure. */
        BANNER,
        /** The Prometheus text format over HTTP (the OpenSRM GridFTP agent, prometheus-node-exporter). */
        PROMETHEUS,
        /** Ganglia gmond's XML dump ({@code host:8649}). */
        GMOND,
        /** XRootD's own summary reports, pushed over UDP to a receiver ({@link XrootdSummaryConfig}); no endpoints. */
        XROOTD_SUMMARY;

        public static Source parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown load probe source '" + text
                        + "' (expected banner, prometheus, gmond or xrootd-summary)");
            }
        }

        /** Whether the prober reads this source from per-door endpoints. */
        boolean pulled() {
            return this == PROMETHEUS || this == GMOND;
        }
    }

    public static final double DEFAULT_WEIGHT_SESSIONS = 1.0;
    public static final double DEFAULT_WEIGHT_THROUGHPUT = 1.0;
    public static final double DEFAULT_WEIGHT_CPU = 0.5;
    public static final int DEFAULT_SESSIONS_MAX = 100;
    public static final double DEFAULT_LINK_BYTES_PER_SECOND = 1.25e9;
    public static final int DEFAULT_STALE_INTERVALS = 3;
    public static final int DEFAULT_DEAD_INTERVALS = 6;
    public static final double DEFAULT_NEAR_TIE = 0.10;
    public static final int DEFAULT_MAX_ANSWER_BYTES = 1 << 20;

    private final Source source;
    private final List<String> endpoints;
    private final Map<GridFtpNode, List<String>> doorEndpoints;
    private final double weightSessions;
    private final double weightThroughput;
    private final double weightCpu;
    private final int sessionsMax;
    private final double linkBytesPerSecond;
    private final int staleIntervals;
    private final int deadIntervals;
    private final double nearTie;
    private final int maxAnswerBytes;
    private final XrootdSummaryConfig xrootdSummary;

    private LoadProbeConfig(Builder b) {
        this.source = b.source;
        this.endpoints = List.copyOf(b.endpoints);
        Map<GridFtpNode, List<String>> m = new LinkedHashMap<>();
        b.doorEndpoints.forEach((k, v) -> m.put(k, List.copyOf(v)));
        this.doorEndpoints = Map.copyOf(m);
        this.weightSessions = b.weightSessions;
        this.weightThroughput = b.weightThroughput;
        this.weightCpu = b.weightCpu;
        this.sessionsMax = b.sessionsMax;
        this.linkBytesPerSecond = b.linkBytesPerSecond;
        this.staleIntervals = b.staleIntervals;
        this.deadIntervals = b.deadIntervals;
        this.nearTie = b.nearTie;
        this.maxAnswerBytes = b.maxAnswerBytes;
        this.xrootdSummary = b.xrootdSummary;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every setting at its default. */
    public static LoadProbeConfig defaults() {
        return builder().build();
    }

    public Source source() {
        return source;
    }

    /** The endpoint templates, e.g. {@code http://{host}:9811/metrics}. */
    public List<String> endpoints() {
        return endpoints;
    }

    /** The probe endpoints of one door: its own list if configured, else the templates filled in. */
    public List<String> endpointsOf(GridFtpNode door) {
        List<String> own = doorEndpoints.get(door);
        if (own != null) {
            return own;
        }
        List<String> out = new ArrayList<>(endpoints.size());
        for (String t : endpoints) {
            out.add(t.replace("{host}", door.host()).replace("{port}", Integer.toString(door.port())));
        }
        return out;
    }

    public double weightSessions() {
        return weightSessions;
    }

    public double weightThroughput() {
        return weightThroughput;
    }

    public double weightCpu() {
        return weightCpu;
    }

    /** Sessions a door serves when it does not report its own maximum; a door at it is full. */
    public int sessionsMax() {
        return sessionsMax;
    }

    /** Link capacity of a door that does not report its own. */
    public double linkBytesPerSecond() {
        return linkBytesPerSecond;
    }

    /** Probe intervals without fresh load figures after which a door is {@link DoorState#UNKNOWN}. */
    public int staleIntervals() {
        return staleIntervals;
    }

    /** Probe intervals without any answer to the banner probe after which a door is {@link DoorState#DEAD}. */
    public int deadIntervals() {
        return deadIntervals;
    }

    /** Two doors whose loads differ by at most this fraction are a tie, broken at random. */
    public double nearTie() {
        return nearTie;
    }

    /** Largest probe answer read; a larger one makes the door unknown. */
    public int maxAnswerBytes() {
        return maxAnswerBytes;
    }

    /** Where XRootD summary reports are received ({@link Source#XROOTD_SUMMARY}). */
    public XrootdSummaryConfig xrootdSummary() {
        return xrootdSummary;
    }

    /** Checks that every door has an endpoint when the source needs one. */
    void validateFor(List<GridFtpNode> doors) {
        if (!source.pulled()) {
            return;
        }
        for (GridFtpNode door : doors) {
            List<String> list = endpointsOf(door);
            if (list.isEmpty()) {
                throw new IllegalArgumentException("load probe source " + source + " needs an endpoint for " + door);
            }
            list.forEach(this::validateEndpoint);
        }
        for (GridFtpNode door : doorEndpoints.keySet()) {
            if (!doors.contains(door)) {
                throw new IllegalArgumentException("load probe endpoint given for " + door + ", which is not a door");
            }
        }
    }

    private void validateEndpoint(String e) {
        if (source == Source.PROMETHEUS && !e.startsWith("http://")) {
            throw new IllegalArgumentException("Prometheus endpoint must be an http:// URL: " + e);
        }
        if (source == Source.GMOND && !e.matches("[^:/\\s]+:\\d{1,5}")) {
            throw new IllegalArgumentException("gmond endpoint must be host:port: " + e);
        }
    }

    @Override
    public String toString() {
        return "LoadProbeConfig{source=" + source + ", endpoints=" + endpoints + ", doorEndpoints=" + doorEndpoints
                + ", weights=" + weightSessions + "/" + weightThroughput + "/" + weightCpu + ", sessionsMax="
                + sessionsMax + ", link=" + linkBytesPerSecond + ", stale=" + staleIntervals + ", dead="
                + deadIntervals + ", nearTie=" + nearTie + ", maxAnswerBytes=" + maxAnswerBytes
                + (source == Source.XROOTD_SUMMARY ? ", xrootdSummary=" + xrootdSummary : "") + "}";
    }

    /** Validating builder; {@link #build()} throws {@link IllegalArgumentException} on a bad value. */
    public static final class Builder {
        private Source source = Source.BANNER;
        private final List<String> endpoints = new ArrayList<>();
        private final Map<GridFtpNode, List<String>> doorEndpoints = new LinkedHashMap<>();
        private double weightSessions = DEFAULT_WEIGHT_SESSIONS;
        private double weightThroughput = DEFAULT_WEIGHT_THROUGHPUT;
        private double weightCpu = DEFAULT_WEIGHT_CPU;
        private int sessionsMax = DEFAULT_SESSIONS_MAX;
        private double linkBytesPerSecond = DEFAULT_LINK_BYTES_PER_SECOND;
        private int staleIntervals = DEFAULT_STALE_INTERVALS;
        private int deadIntervals = DEFAULT_DEAD_INTERVALS;
        private double nearTie = DEFAULT_NEAR_TIE;
        private int maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES;
        private XrootdSummaryConfig xrootdSummary = XrootdSummaryConfig.defaults();

        private Builder() {
        }

        public Builder source(Source value) {
            this.source = Objects.requireNonNull(value, "source");
            return this;
        }

        /** Adds an endpoint template ({@code {host}}, {@code {port}} are the door's). */
        public Builder endpoint(String template) {
            endpoints.add(Objects.requireNonNull(template, "template").trim());
            return this;
        }

        public Builder endpoints(List<String> templates) {
            templates.forEach(this::endpoint);
            return this;
        }

        /** The endpoints of one door, instead of the templates. */
        public Builder doorEndpoints(GridFtpNode door, List<String> urls) {
            doorEndpoints.put(Objects.requireNonNull(door, "door"), List.copyOf(urls));
            return this;
        }

        public Builder weights(double sessions, double throughput, double cpu) {
            this.weightSessions = sessions;
            this.weightThroughput = throughput;
            this.weightCpu = cpu;
            return this;
        }

        public Builder sessionsMax(int value) {
            this.sessionsMax = value;
            return this;
        }

        public Builder linkBytesPerSecond(double value) {
            this.linkBytesPerSecond = value;
            return this;
        }

        public Builder staleIntervals(int value) {
            this.staleIntervals = value;
            return this;
        }

        public Builder deadIntervals(int value) {
            this.deadIntervals = value;
            return this;
        }

        public Builder nearTie(double value) {
            this.nearTie = value;
            return this;
        }

        public Builder maxAnswerBytes(int value) {
            this.maxAnswerBytes = value;
            return this;
        }

        public Builder xrootdSummary(XrootdSummaryConfig value) {
            this.xrootdSummary = Objects.requireNonNull(value, "xrootdSummary");
            return this;
        }

        public LoadProbeConfig build() {
            for (double w : new double[] {weightSessions, weightThroughput, weightCpu}) {
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new IllegalArgumentException("load weights must be finite and not negative: "
                            + weightSessions + "/" + weightThroughput + "/" + weightCpu);
                }
            }
            if (weightSessions + weightThroughput + weightCpu <= 0) {
                throw new IllegalArgumentException("at least one load weight must be positive");
            }
            if (sessionsMax < 1) {
                throw new IllegalArgumentException("sessions max must be at least 1: " + sessionsMax);
            }
            if (!(linkBytesPerSecond > 0) || Double.isInfinite(linkBytesPerSecond)) {
                throw new IllegalArgumentException("link bytes/s must be positive: " + linkBytesPerSecond);
            }
            if (staleIntervals < 1) {
                throw new IllegalArgumentException("stale interval count must be at least 1: " + staleIntervals);
            }
            if (deadIntervals <= staleIntervals) {
                throw new IllegalArgumentException("dead interval count (" + deadIntervals
                        + ") must exceed the stale interval count (" + staleIntervals + ")");
            }
            if (!(nearTie >= 0 && nearTie <= 1)) {
                throw new IllegalArgumentException("near-tie fraction must be within 0..1: " + nearTie);
            }
            if (maxAnswerBytes < 1024) {
                throw new IllegalArgumentException("max answer bytes must be at least 1024: " + maxAnswerBytes);
            }
            if (source.pulled() && endpoints.isEmpty() && doorEndpoints.isEmpty()) {
                throw new IllegalArgumentException("load probe source " + source + " needs endpoints");
            }
            return new LoadProbeConfig(this);
        }
    }
}

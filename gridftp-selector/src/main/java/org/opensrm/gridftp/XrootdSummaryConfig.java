package org.opensrm.gridftp;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the load prober receives XRootD's own summary reports ({@code xrd.report HOST:PORT every Ns all} on each
 * door) and how old the newest report of a door may be before its figures are no longer believed. Used with
 * {@link LoadProbeConfig.Source#XROOTD_SUMMARY}. Defaults (documented in {@code conf/srm.conf}): listen on
 * {@code 127.0.0.1:9931}, reports older than 30 s stale.
 *
 * @param listenHost the address the UDP receiver binds ({@code 0.0.0.0} for every interface)
 * @param listenPort its UDP port ({@code 0}: a free one, for tests)
 * @param maxAge     a door whose newest report arrived longer ago than this has no load figures; at least three
 *                   times the doors' {@code every} interval
 */
public record XrootdSummaryConfig(String listenHost, int listenPort, Duration maxAge) {
    public static final String DEFAULT_LISTEN_HOST = "127.0.0.1";
    public static final int DEFAULT_LISTEN_PORT = 9931;
    public static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(30);

    public XrootdSummaryConfig {
        Objects.requireNonNull(listenHost, "listenHost");
        Objects.requireNonNull(maxAge, "maxAge");
        if (listenHost.isBlank()) {
            throw new IllegalArgumentException("xrootd summary listen address must name a host");
        }
        if (listenPort < 0 || listenPort > 65535) {
            throw new IllegalArgumentException("xrootd summary listen port out of range: " + listenPort);
        }
        if (maxAge.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("xrootd summary max age must be at least 1s: " + maxAge);
        }
    }

    /** Every setting at its default. */
    public static XrootdSummaryConfig defaults() {
        return new XrootdSummaryConfig(DEFAULT_LISTEN_HOST, DEFAULT_LISTEN_PORT, DEFAULT_MAX_AGE);
    }

    /** Parses {@code HOST:PORT} ({@code [v6]:PORT} for an IPv6 literal). */
    public static XrootdSummaryConfig parse(String hostPort, Duration maxAge) {
        String text = hostPort.trim();
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || !text.substring(colon + 1).matches("\\d{1,5}")) {
            throw new IllegalArgumentException("xrootd summary listen address must be HOST:PORT: " + hostPort);
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new XrootdSummaryConfig(host, Integer.parseInt(text.substring(colon + 1)), maxAge);
    }

    @Override
    public String toString() {
        return listenHost + ":" + listenPort + " (max age " + maxAge + ")";
    }
}

package org.opensrm.client.http;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.opensrm.core.copy.CopyPeers;

/**
 * Settings of {@link HttpTpcTransfer}. Immutable; build with {@link #builder}.
 *
 * @param caDir        the CA directory whose certificates the doors' TLS is checked against; required
 * @param ownDoors     this server's {@code https} door endpoints, {@code host:port}: the only doors asked to run a
 *                     copy (the active party); required, not empty
 * @param peers        the doors copies may use at the other end (default {@link CopyPeers#NONE}: none); this
 *                     server's own doors are always allowed
 * @param attempts     how many times a copy runs at most when it fails with a transient error (default 3)
 * @param firstBackoff the pause before the second attempt, doubled before each further one (default 5 s)
 * @param maxBackoff   the longest pause between attempts (default 2 min)
 * @param stallTimeout a copy whose door reports no progress this long is ended and counts as a transient failure
 *                     (default 10 min; XRootD reports every 5 s)
 * @param callTimeout  bounds connecting and each answer of the short requests (checksum, removal; default 2 min)
 */
public record HttpTpcConfig(Path caDir, Set<String> ownDoors, CopyPeers peers, int attempts, Duration firstBackoff,
                            Duration maxBackoff, Duration stallTimeout, Duration callTimeout) {
    public static final int HTTPS_PORT = 443;
    public static final int DEFAULT_ATTEMPTS = 3;
    public static final Duration DEFAULT_FIRST_BACKOFF = Duration.ofSeconds(5);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofMinutes(2);
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(2);

    public HttpTpcConfig {
        Objects.requireNonNull(caDir, "caDir");
        Objects.requireNonNull(peers, "peers");
        ownDoors = ownDoors.stream().map(d -> d.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
        if (ownDoors.isEmpty()) {
            throw new IllegalArgumentException("HTTP third-party copy needs at least one https door of this server");
        }
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        if (firstBackoff.isNegative() || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("backoff: 0 <= firstBackoff <= maxBackoff");
        }
        if (stallTimeout.toSeconds() < 1 || callTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("stallTimeout and callTimeout must be at least 1 s");
        }
    }

    /** Whether {@code url} names one of this server's own {@code https} doors. */
    public boolean isOwnDoor(URI url) {
        return url.getHost() != null && ownDoors.contains(hostPort(url));
    }

    /** Whether {@code url} is one of this server's doors or an allowed copy peer (port 443 when absent). */
    public boolean allows(URI url) {
        if (url.getHost() == null) {
            return false;
        }
        return isOwnDoor(url) || peers.allows(URI.create("https://" + hostPort(url) + "/"));
    }

    private static String hostPort(URI url) {
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return host + ":" + (url.getPort() < 0 ? HTTPS_PORT : url.getPort());
    }

    /** The pause after failed attempt {@code attempt} (1-based): doubling from {@link #firstBackoff}, capped. */
    public Duration backoffAfter(int attempt) {
        Duration d = firstBackoff;
        for (int i = 1; i < attempt && d.compareTo(maxBackoff) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(maxBackoff) > 0 ? maxBackoff : d;
    }

    /** @param ownDoors this server's https endpoints, {@code host:port} */
    public static Builder builder(Path caDir, Collection<String> ownDoors) {
        return new Builder(caDir, Set.copyOf(ownDoors));
    }

    /** Validating builder with the documented defaults. */
    public static final class Builder {
        private final Path caDir;
        private final Set<String> ownDoors;
        private CopyPeers peers = CopyPeers.NONE;
        private int attempts = DEFAULT_ATTEMPTS;
        private Duration firstBackoff = DEFAULT_FIRST_BACKOFF;
        private Duration maxBackoff = DEFAULT_MAX_BACKOFF;
        private Duration stallTimeout = DEFAULT_STALL_TIMEOUT;
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;

        private Builder(Path caDir, Set<String> ownDoors) {
            this.caDir = caDir;
            this.ownDoors = ownDoors;
        }

        public Builder peers(CopyPeers value) {
            peers = value;
            return this;
        }

        public Builder attempts(int value) {
            attempts = value;
            return this;
        }

        public Builder backoff(Duration first, Duration max) {
            firstBackoff = first;
            maxBackoff = max;
            return this;
        }

        public Builder stallTimeout(Duration value) {
            stallTimeout = value;
            return this;
        }

        public Builder callTimeout(Duration value) {
            callTimeout = value;
            return this;
        }

        public HttpTpcConfig build() {
            return new HttpTpcConfig(caDir, ownDoors, peers, attempts, firstBackoff, maxBackoff, stallTimeout,
                    callTimeout);
        }
    }
}

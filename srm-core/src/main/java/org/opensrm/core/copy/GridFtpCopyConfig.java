package org.opensrm.core.copy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the globus-url-copy transfer (the client module's {@code GlobusUrlCopyTransfer}). Immutable; build with
 * {@link #builder}.
 *
 * @param globusUrlCopy the transfer tool (default {@code /usr/bin/globus-url-copy}, Debian's
 *                      {@code globus-gass-copy-progs})
 * @param gfalRm        the tool that removes a partial destination (default {@code /usr/bin/gfal-rm}, Debian's
 *                      {@code gfal2-util-scripts} with {@code gfal2-plugin-gridftp})
 * @param gfalSum       the tool that reads the copy's adler32 from the destination door (default
 *                      {@code /usr/bin/gfal-sum}, same packages)
 * @param caDir         the CA directory the tools trust ({@code X509_CERT_DIR}); required
 * @param workDir       where delegated proxies are written for the tools (one 0600 file per attempt, removed after
 *                      it) and the tools' output; created 0700; required
 * @param peers         the doors copies may use (default {@link CopyPeers#NONE}: none)
 * @param attempts      how many times a transfer runs at most when it fails with a transient error (default 3)
 * @param firstBackoff  the pause before the second attempt, doubled before each further one (default 5 s)
 * @param maxBackoff    the longest pause between attempts (default 2 min)
 * @param stallTimeout  a transfer that moves no data this long is ended and counts as a transient failure
 *                      (default 10 min; {@code globus-url-copy -stall-timeout})
 */
public record GridFtpCopyConfig(Path globusUrlCopy, Path gfalRm, Path gfalSum, Path caDir, Path workDir, CopyPeers peers,
                                int attempts, Duration firstBackoff, Duration maxBackoff, Duration stallTimeout) {
    public static final Path DEFAULT_GLOBUS_URL_COPY = Path.of("/usr/bin/globus-url-copy");
    public static final Path DEFAULT_GFAL_RM = Path.of("/usr/bin/gfal-rm");
    public static final Path DEFAULT_GFAL_SUM = Path.of("/usr/bin/gfal-sum");
    public static final int DEFAULT_ATTEMPTS = 3;
    public static final Duration DEFAULT_FIRST_BACKOFF = Duration.ofSeconds(5);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofMinutes(2);
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofMinutes(10);

    public GridFtpCopyConfig {
        Objects.requireNonNull(globusUrlCopy, "globusUrlCopy");
        Objects.requireNonNull(gfalRm, "gfalRm");
        Objects.requireNonNull(gfalSum, "gfalSum");
        Objects.requireNonNull(caDir, "caDir (X509_CERT_DIR of the transfer tools)");
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(peers, "peers");
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        if (firstBackoff.isNegative() || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("backoff: 0 <= firstBackoff <= maxBackoff");
        }
        if (stallTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("stallTimeout must be at least 1 s");
        }
    }

    /** The pause after failed attempt {@code attempt} (1-based): doubling from {@link #firstBackoff}, capped. */
    public Duration backoffAfter(int attempt) {
        Duration d = firstBackoff;
        for (int i = 1; i < attempt && d.compareTo(maxBackoff) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(maxBackoff) > 0 ? maxBackoff : d;
    }

    public static Builder builder(Path caDir, Path workDir) {
        return new Builder(caDir, workDir);
    }

    /** Validating builder with the documented defaults. */
    public static final class Builder {
        private Path globusUrlCopy = DEFAULT_GLOBUS_URL_COPY;
        private Path gfalRm = DEFAULT_GFAL_RM;
        private Path gfalSum = DEFAULT_GFAL_SUM;
        private final Path caDir;
        private final Path workDir;
        private CopyPeers peers = CopyPeers.NONE;
        private int attempts = DEFAULT_ATTEMPTS;
        private Duration firstBackoff = DEFAULT_FIRST_BACKOFF;
        private Duration maxBackoff = DEFAULT_MAX_BACKOFF;
        private Duration stallTimeout = DEFAULT_STALL_TIMEOUT;

        private Builder(Path caDir, Path workDir) {
            this.caDir = caDir;
            this.workDir = workDir;
        }

        public Builder globusUrlCopy(Path value) {
            globusUrlCopy = value;
            return this;
        }

        public Builder gfalRm(Path value) {
            gfalRm = value;
            return this;
        }

        public Builder gfalSum(Path value) {
            gfalSum = value;
            return this;
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

        public GridFtpCopyConfig build() {
            return new GridFtpCopyConfig(globusUrlCopy, gfalRm, gfalSum, caDir, workDir, peers, attempts, firstBackoff,
                    maxBackoff, stallTimeout);
        }
    }
}

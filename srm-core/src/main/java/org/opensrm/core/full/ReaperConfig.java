package org.opensrm.core.full;

import java.time.Duration;
import java.util.Objects;

/**
 * How the {@link Reaper} runs. Immutable; build with {@link #builder}.
 *
 * @param interval  time between two passes (default 10 s): a lifetime is enforced at most this late
 * @param batchSize expired requests handled per store query (default 500); a pass queries again while batches
 *                  come back full
 * @param retention how long a finished request is kept, for status calls and srmGetRequestTokens, before it is
 *                  purged (default 24 h)
 */
public record ReaperConfig(Duration interval, int batchSize, Duration retention) {
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);
    public static final int DEFAULT_BATCH_SIZE = 500;
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);

    public ReaperConfig {
        requirePositive(interval, "interval");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1");
        }
        requirePositive(retention, "retention");
    }

    private static void requirePositive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts from the documented defaults. */
    public static final class Builder {
        private Duration interval = DEFAULT_INTERVAL;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration retention = DEFAULT_RETENTION;

        private Builder() {
        }

        public Builder interval(Duration value) {
            this.interval = value;
            return this;
        }

        public Builder batchSize(int value) {
            this.batchSize = value;
            return this;
        }

        public Builder retention(Duration value) {
            this.retention = value;
            return this;
        }

        public ReaperConfig build() {
            return new ReaperConfig(interval, batchSize, retention);
        }
    }
}

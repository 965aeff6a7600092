package org.opensrm.core;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Limits of the {@link Scheduler}. Immutable; build with {@link #builder}.
 *
 * @param maxQueuedFiles    file requests waiting at most, all users and kinds together (default 100,000); beyond,
 *                          new work is refused
 * @param maxInProgress     file requests being worked on at once, per kind (default 64 for every kind)
 * @param initialFileTime   how long one file is assumed to take until some have been timed (default 1 s)
 */
public record SchedulerConfig(int maxQueuedFiles, Map<RequestKind, Integer> maxInProgress,
                              Duration initialFileTime) {
    public static final int DEFAULT_MAX_QUEUED_FILES = 100_000;
    public static final int DEFAULT_MAX_IN_PROGRESS = 64;
    public static final Duration DEFAULT_INITIAL_FILE_TIME = Duration.ofSeconds(1);

    public SchedulerConfig {
        if (maxQueuedFiles < 1) {
            throw new IllegalArgumentException("maxQueuedFiles must be at least 1");
        }
        maxInProgress = Map.copyOf(maxInProgress);
        for (RequestKind k : RequestKind.values()) {
            Integer limit = maxInProgress.get(k);
            if (limit == null || limit < 1) {
                throw new IllegalArgumentException("maxInProgress of " + k + " must be at least 1");
            }
        }
        Objects.requireNonNull(initialFileTime, "initialFileTime");
        if (initialFileTime.isNegative() || initialFileTime.isZero()) {
            throw new IllegalArgumentException("initialFileTime must be positive");
        }
    }

    public int maxInProgress(RequestKind kind) {
        return maxInProgress.get(kind);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts from the documented defaults. */
    public static final class Builder {
        private int maxQueuedFiles = DEFAULT_MAX_QUEUED_FILES;
        private final Map<RequestKind, Integer> maxInProgress = new EnumMap<>(RequestKind.class);
        private Duration initialFileTime = DEFAULT_INITIAL_FILE_TIME;

        private Builder() {
            for (RequestKind k : RequestKind.values()) {
                maxInProgress.put(k, DEFAULT_MAX_IN_PROGRESS);
            }
        }

        public Builder maxQueuedFiles(int value) {
            this.maxQueuedFiles = value;
            return this;
        }

        public Builder maxInProgress(RequestKind kind, int value) {
            maxInProgress.put(kind, value);
            return this;
        }

        public Builder initialFileTime(Duration value) {
            this.initialFileTime = value;
            return this;
        }

        public SchedulerConfig build() {
            return new SchedulerConfig(maxQueuedFiles, maxInProgress, initialFileTime);
        }
    }
}

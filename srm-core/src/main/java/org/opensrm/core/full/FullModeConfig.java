package org.opensrm.core.full;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.opensrm.core.RequestKind;

/**
 * Full mode's settings. Immutable; build with {@link #builder()}, which starts from the documented defaults and
 * refuses inconsistent values ({@link IllegalArgumentException}).
 *
 * @param defaultRequestLifetime  total request time granted when the client asks for none (default 1 h)
 * @param maxRequestLifetime      the most a desiredTotalRequestTime is granted (default 24 h)
 * @param defaultPinLifetime      pin lifetime of a get or bring-online when the client asks for none (default 1 h)
 * @param maxPinLifetime          the most a desiredPinLifeTime is granted (default 24 h)
 * @param turlLifetime            how long a put's TURL stays valid once space is available; also the most a put's
 *                                desiredPinLifeTime is granted (default 4 h, as gateway mode's put lifetime)
 * @param workers                 worker threads per kind of request (default 4 each for GET, BRING_ONLINE, PUT, LS
 *                                and COPY; other kinds have none yet)
 * @param maxFilesPerRequest      files one request may name; more is refused SRM_INVALID_REQUEST naming the limit
 *                                (default 10,000)
 * @param lsAsyncSurls            an srmLs naming more SURLs than this is answered asynchronously (default 100)
 * @param lsAsyncLevels           an srmLs asking for more directory levels than this (or for all, -1) is answered
 *                                asynchronously (default 1: listing a directory's entries, what gfal-ls and arcls
 *                                do, is answered at once and pages with offset/count; a recursive listing is queued)
 * @param lsEntriesKept           entries of finished asynchronous listings kept in memory for
 *                                srmStatusOfLsRequest, all listings together (default 100,000); the
 *                                least recently asked for are dropped first, and listed again when asked for (as
 *                                are all after a restart)
 * @param finishedRetention       how long a finished request stays in the store before it is purged (default 24 h;
 *                                enforced by the reaper)
 * @param reaperInterval          how often the reaper enforces lifetimes and purges (default 10 s)
 * @param answerWithin            how long srmPrepareToGet, srmPrepareToPut, srmBringOnline and a queued srmLs
 *                                wait for every file to be served before answering {@code SRM_REQUEST_QUEUED}
 *                                with the token (default 500 ms; zero: always answer queued at once). A request
 *                                served meanwhile is answered with its outcome, and the client need not poll
 * @param noDoorRetry             first wait before a kind whose files found no healthy GridFTP door (or an
 *                                unreachable store) is tried again; doubles at every failure (default 1 s)
 * @param noDoorRetryMax          the longest such wait (default 10 s)
 * @param takeoverDelay           on a store several frontends share: how long a frontend may be silent (no lease
 *                                renewed) before the live ones take its queued and in-progress work (default 20 s,
 *                                at least 1 s); each frontend renews its lease every quarter of it
 */
public record FullModeConfig(Duration defaultRequestLifetime, Duration maxRequestLifetime,
                             Duration defaultPinLifetime, Duration maxPinLifetime, Duration turlLifetime,
                             Map<RequestKind, Integer> workers, int maxFilesPerRequest, int lsAsyncSurls,
                             int lsAsyncLevels, int lsEntriesKept, Duration finishedRetention,
                             Duration reaperInterval, Duration answerWithin, Duration noDoorRetry,
                             Duration noDoorRetryMax, Duration takeoverDelay) {
    public static final Duration DEFAULT_REQUEST_LIFETIME = Duration.ofHours(1);
    public static final Duration DEFAULT_MAX_REQUEST_LIFETIME = Duration.ofHours(24);
    public static final Duration DEFAULT_PIN_LIFETIME = Duration.ofHours(1);
    public static final Duration DEFAULT_MAX_PIN_LIFETIME = Duration.ofHours(24);
    public static final Duration DEFAULT_TURL_LIFETIME = Duration.ofHours(4);
    public static final int DEFAULT_WORKERS = 4;
    public static final int DEFAULT_MAX_FILES_PER_REQUEST = 10_000;
    public static final int DEFAULT_LS_ASYNC_SURLS = 100;
    public static final int DEFAULT_LS_ASYNC_LEVELS = 1;
    public static final int DEFAULT_LS_ENTRIES_KEPT = 100_000;
    public static final Duration DEFAULT_FINISHED_RETENTION = ReaperConfig.DEFAULT_RETENTION;
    public static final Duration DEFAULT_REAPER_INTERVAL = ReaperConfig.DEFAULT_INTERVAL;
    public static final Duration DEFAULT_ANSWER_WITHIN = Duration.ofMillis(500);
    public static final Duration DEFAULT_NO_DOOR_RETRY = Duration.ofSeconds(1);
    public static final Duration DEFAULT_NO_DOOR_RETRY_MAX = Duration.ofSeconds(30);
    public static final Duration DEFAULT_TAKEOVER_DELAY = Duration.ofSeconds(20);

    /** The kinds full mode works on so far, each with its own worker threads. */
    public static final java.util.Set<RequestKind> WORKED_KINDS = java.util.Set.of(RequestKind.GET,
            RequestKind.BRING_ONLINE, RequestKind.PUT, RequestKind.LS, RequestKind.COPY);

    public FullModeConfig {
        positive(defaultRequestLifetime, "defaultRequestLifetime");
        positive(maxRequestLifetime, "maxRequestLifetime");
        positive(defaultPinLifetime, "defaultPinLifetime");
        positive(maxPinLifetime, "maxPinLifetime");
        positive(turlLifetime, "turlLifetime");
        positive(finishedRetention, "finishedRetention");
        positive(reaperInterval, "reaperInterval");
        positive(noDoorRetry, "noDoorRetry");
        Objects.requireNonNull(answerWithin, "answerWithin");
        if (answerWithin.isNegative()) {
            throw new IllegalArgumentException("answerWithin must not be negative");
        }
        positive(noDoorRetryMax, "noDoorRetryMax");
        Objects.requireNonNull(takeoverDelay, "takeoverDelay");
        if (takeoverDelay.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("takeoverDelay must be at least 1 s");
        }
        if (defaultRequestLifetime.compareTo(maxRequestLifetime) > 0) {
            throw new IllegalArgumentException("defaultRequestLifetime exceeds maxRequestLifetime");
        }
        if (defaultPinLifetime.compareTo(maxPinLifetime) > 0) {
            throw new IllegalArgumentException("defaultPinLifetime exceeds maxPinLifetime");
        }
        if (noDoorRetry.compareTo(noDoorRetryMax) > 0) {
            throw new IllegalArgumentException("noDoorRetry exceeds noDoorRetryMax");
        }
        workers = Map.copyOf(workers);
        for (RequestKind k : WORKED_KINDS) {
            Integer n = workers.get(k);
            if (n == null || n < 1) {
                throw new IllegalArgumentException("workers of " + k + " must be at least 1");
            }
        }
        atLeast(maxFilesPerRequest, 1, "maxFilesPerRequest");
        atLeast(lsAsyncSurls, 0, "lsAsyncSurls");
        atLeast(lsAsyncLevels, 0, "lsAsyncLevels");
        atLeast(lsEntriesKept, 0, "lsEntriesKept");
    }

    /** How often a frontend renews its lease and looks for work to take over: a quarter of the take-over delay. */
    public Duration heartbeat() {
        return takeoverDelay.dividedBy(4);
    }

    public int workers(RequestKind kind) {
        return workers.getOrDefault(kind, 0);
    }

    public static final FullModeConfig DEFAULTS = builder().build();

    public static Builder builder() {
        return new Builder();
    }

    private static void positive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive");
        }
    }

    private static void atLeast(int value, int least, String what) {
        if (value < least) {
            throw new IllegalArgumentException(what + " must be at least " + least);
        }
    }

    /** Starts from the documented defaults. */
    public static final class Builder {
        private Duration defaultRequestLifetime = DEFAULT_REQUEST_LIFETIME;
        private Duration maxRequestLifetime = DEFAULT_MAX_REQUEST_LIFETIME;
        private Duration defaultPinLifetime = DEFAULT_PIN_LIFETIME;
        private Duration maxPinLifetime = DEFAULT_MAX_PIN_LIFETIME;
        private Duration turlLifetime = DEFAULT_TURL_LIFETIME;
        private final Map<RequestKind, Integer> workers = new EnumMap<>(RequestKind.class);
        private int maxFilesPerRequest = DEFAULT_MAX_FILES_PER_REQUEST;
        private int lsAsyncSurls = DEFAULT_LS_ASYNC_SURLS;
        private int lsAsyncLevels = DEFAULT_LS_ASYNC_LEVELS;
        private int lsEntriesKept = DEFAULT_LS_ENTRIES_KEPT;
        private Duration finishedRetention = DEFAULT_FINISHED_RETENTION;
        private Duration reaperInterval = DEFAULT_REAPER_INTERVAL;
        private Duration answerWithin = DEFAULT_ANSWER_WITHIN;
        private Duration noDoorRetry = DEFAULT_NO_DOOR_RETRY;
        private Duration noDoorRetryMax = DEFAULT_NO_DOOR_RETRY_MAX;
        private Duration takeoverDelay = DEFAULT_TAKEOVER_DELAY;

        private Builder() {
            for (RequestKind k : WORKED_KINDS) {
                workers.put(k, DEFAULT_WORKERS);
            }
        }

        public Builder defaultRequestLifetime(Duration value) {
            defaultRequestLifetime = value;
            return this;
        }

        public Builder maxRequestLifetime(Duration value) {
            maxRequestLifetime = value;
            return this;
        }

        public Builder defaultPinLifetime(Duration value) {
            defaultPinLifetime = value;
            return this;
        }

        public Builder maxPinLifetime(Duration value) {
            maxPinLifetime = value;
            return this;
        }

        public Builder turlLifetime(Duration value) {
            turlLifetime = value;
            return this;
        }

        public Builder workers(RequestKind kind, int value) {
            workers.put(kind, value);
            return this;
        }

        public Builder maxFilesPerRequest(int value) {
            maxFilesPerRequest = value;
            return this;
        }

        public Builder lsAsyncSurls(int value) {
            lsAsyncSurls = value;
            return this;
        }

        public Builder lsAsyncLevels(int value) {
            lsAsyncLevels = value;
            return this;
        }

        public Builder lsEntriesKept(int value) {
            lsEntriesKept = value;
            return this;
        }

        public Builder finishedRetention(Duration value) {
            finishedRetention = value;
            return this;
        }

        public Builder reaperInterval(Duration value) {
            reaperInterval = value;
            return this;
        }

        public Builder answerWithin(Duration value) {
            answerWithin = value;
            return this;
        }

        public Builder noDoorRetry(Duration first, Duration max) {
            noDoorRetry = first;
            noDoorRetryMax = max;
            return this;
        }

        public Builder takeoverDelay(Duration value) {
            takeoverDelay = value;
            return this;
        }

        public FullModeConfig build() {
            return new FullModeConfig(defaultRequestLifetime, maxRequestLifetime, defaultPinLifetime,
                    maxPinLifetime, turlLifetime, workers, maxFilesPerRequest, lsAsyncSurls, lsAsyncLevels,
                    lsEntriesKept, finishedRetention, reaperInterval, answerWithin, noDoorRetry, noDoorRetryMax,
                    takeoverDelay);
        }
    }
}

package org.opensrm.core;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * Decides which queued file request is worked on next. Per request kind: at most
 * {@link SchedulerConfig#maxInProgress} files in progress, counting those of new requests served at once without
 * being queued ({@link #startAtOnce}, only while none of the kind is queued); the users with queued files take
 * turns (round robin), so a user's single file waits for at most one file of each other user, however many those
 * have queued; a user's own files go in the order they were queued. All kinds together hold at most
 * {@link SchedulerConfig#maxQueuedFiles} queued files. {@link #estimatedWait} is computed from the real queue and
 * the measured time files take. Thread-safe; nothing here touches the store or the network.
 */
public final class Scheduler {
    private final SchedulerConfig config;
    private final Clock clock;
    private final Map<RequestKind, KindQueue> kinds = new EnumMap<>(RequestKind.class);
    private int queued;

    public Scheduler(SchedulerConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        for (RequestKind k : RequestKind.values()) {
            kinds.put(k, new KindQueue(config.maxInProgress(k), config.initialFileTime()));
        }
    }

    /**
     * Queues the files of a request, behind the user's earlier ones.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} (the server is busy) when they do not fit in the queue;
     *                      nothing is queued then
     */
    public synchronized void enqueue(Iterable<FileWork> files) throws SrmException {
        int n = 0;
        for (FileWork ignored : files) {
            n++;
        }
        if (queued + n > config.maxQueuedFiles()) {
            throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "the server is busy: " + queued
                    + " files are queued (limit " + config.maxQueuedFiles() + "); try again later");
        }
        for (FileWork w : files) {
            kinds.get(w.kind()).add(w);
        }
        queued += n;
    }

    /** The next file of {@code kind} to work on, now counted in progress; empty when none or at the limit. */
    public synchronized Optional<FileWork> next(RequestKind kind) {
        Optional<FileWork> w = kinds.get(kind).take(clock.instant());
        if (w.isPresent()) {
            queued--;
        }
        return w;
    }

    /** A file taken by {@link #next} is finished (served, failed or aborted): its place goes to the next one. */
    public synchronized void done(FileWork w) {
        kinds.get(w.kind()).finish(w, clock.instant());
    }

    /**
     * A file taken by {@link #next} cannot be served now (no healthy door, say): it goes back to the head of its
     * user's queue, and its place in progress is freed.
     */
    public synchronized void requeue(FileWork w) {
        kinds.get(w.kind()).putBack(w);
        queued++;
    }

    /**
     * Takes {@code files} places in progress of {@code kind} for the files of a new request served at once, in the
     * caller's thread, without queueing them: only when no file of that kind is queued (so nobody waiting is
     * overtaken: the fair share is the queue's), {@code files} places are free under the kind's in-progress limit
     * and the files would fit in the queue. Give the places back with {@link #doneAtOnce} once the files were worked
     * on, or {@link #notAtOnce}.
     *
     * @return whether the places were taken
     */
    public synchronized boolean startAtOnce(RequestKind kind, int files) {
        return queued + files <= config.maxQueuedFiles() && kinds.get(kind).claim(files);
    }

    /**
     * The files of {@link #startAtOnce} were served (or failed), which took {@code took}: their places are free.
     *
     * @return whether files of {@code kind} are queued (and may take the places now)
     */
    public synchronized boolean doneAtOnce(RequestKind kind, int files, Duration took) {
        return kinds.get(kind).unclaim(files, Optional.of(took));
    }

    /**
     * The files of {@link #startAtOnce} were not served at once (they are queued instead): their places are free.
     *
     * @return whether files of {@code kind} are queued (and may take the places now)
     */
    public synchronized boolean notAtOnce(RequestKind kind, int files) {
        return kinds.get(kind).unclaim(files, Optional.empty());
    }

    /** Drops every queued file of a request (aborted or suspended); returns how many. */
    public synchronized int remove(RequestToken token) {
        int removed = 0;
        for (KindQueue q : kinds.values()) {
            removed += q.remove(token);
        }
        queued -= removed;
        return removed;
    }

    /** Files queued, all kinds. */
    public synchronized int queued() {
        return queued;
    }

    /** Files of {@code kind} in progress. */
    public synchronized int inProgress(RequestKind kind) {
        return kinds.get(kind).inProgress;
    }

    /**
     * How long until {@code w} is worked on, from the real queue: the files that will be taken before it (its
     * user's files ahead of it, and as many of every other user's, the turns they get meanwhile), in rounds of the
     * kind's in-progress limit, each round as long as files of that kind have taken lately. Zero once it is in
     * progress or unknown.
     */
    public synchronized Duration estimatedWait(FileWork w) {
        return kinds.get(w.kind()).estimatedWait(w);
    }

    /** One kind's queues, users in turn order. */
    private static final class KindQueue {
        private static final double SMOOTHING = 0.2;

        private final int limit;
        /** The users with queued files, in turn order: the first is served next. */
        private final LinkedHashMap<String, ArrayDeque<FileWork>> users = new LinkedHashMap<>();
        private final Map<FileWork, Instant> started = new HashMap<>();
        private int inProgress;
        private double fileMillis;

        KindQueue(int limit, Duration initialFileTime) {
            this.limit = limit;
            this.fileMillis = initialFileTime.toMillis();
        }

        void add(FileWork w) {
            users.computeIfAbsent(w.user(), u -> new ArrayDeque<>()).addLast(w);
        }

        Optional<FileWork> take(Instant now) {
            if (inProgress >= limit || users.isEmpty()) {
                return Optional.empty();
            }
            Iterator<Map.Entry<String, ArrayDeque<FileWork>>> first = users.entrySet().iterator();
            Map.Entry<String, ArrayDeque<FileWork>> turn = first.next();
            first.remove();
            FileWork w = turn.getValue().pollFirst();
            if (!turn.getValue().isEmpty()) {
                users.put(turn.getKey(), turn.getValue()); // to the back of the turn order
            }
            inProgress++;
            started.put(w, now);
            return Optional.of(w);
        }

        void finish(FileWork w, Instant now) {
            Instant start = started.remove(w);
            if (start == null) {
                return;
            }
            inProgress--;
            measured(Duration.between(start, now).toMillis());
        }

        /** Places taken for files served at once: none of this kind queued, enough places free. */
        boolean claim(int files) {
            if (files < 1 || !users.isEmpty() || inProgress + files > limit) {
                return false;
            }
            inProgress += files;
            return true;
        }

        boolean unclaim(int files, Optional<Duration> took) {
            inProgress -= files;
            if (took.isPresent()) {
                long each = took.get().toMillis() / files;
                for (int i = 0; i < files; i++) {
                    measured(each);
                }
            }
            return !users.isEmpty();
        }

        private void measured(long took) {
            fileMillis = fileMillis * (1 - SMOOTHING) + took * SMOOTHING;
        }

        void putBack(FileWork w) {
            if (started.remove(w) != null) {
                inProgress--;
            }
            ArrayDeque<FileWork> own = users.remove(w.user());
            if (own == null) {
                own = new ArrayDeque<>();
            }
            own.addFirst(w);
            // first in the turn order again: it had its turn and could not use it
            LinkedHashMap<String, ArrayDeque<FileWork>> reordered = new LinkedHashMap<>();
            reordered.put(w.user(), own);
            reordered.putAll(users);
            users.clear();
            users.putAll(reordered);
        }

        int remove(RequestToken token) {
            int removed = 0;
            for (Iterator<ArrayDeque<FileWork>> it = users.values().iterator(); it.hasNext(); ) {
                ArrayDeque<FileWork> q = it.next();
                int before = q.size();
                q.removeIf(w -> w.token().equals(token));
                removed += before - q.size();
                if (q.isEmpty()) {
                    it.remove();
                }
            }
            return removed;
        }

        Duration estimatedWait(FileWork w) {
            ArrayDeque<FileWork> own = users.get(w.user());
            if (own == null) {
                return Duration.ZERO;
            }
            int position = 0;
            boolean found = false;
            for (FileWork q : own) {
                if (q.equals(w)) {
                    found = true;
                    break;
                }
                position++;
            }
            if (!found) {
                return Duration.ZERO;
            }
            long ahead = position;
            for (Map.Entry<String, ArrayDeque<FileWork>> other : users.entrySet()) {
                if (!other.getKey().equals(w.user())) {
                    ahead += Math.min(other.getValue().size(), position + 1L);
                }
            }
            long rounds = ahead / limit + (inProgress >= limit ? 1 : 0);
            return Duration.ofMillis(Math.round(rounds * fileMillis));
        }
    }
}

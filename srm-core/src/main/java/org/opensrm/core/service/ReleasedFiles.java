package org.opensrm.core.service;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.core.FileState;

/**
 * The files of get and bring-online requests released with srmReleaseFiles (or aborted), so that later status calls
 * answer {@code SRM_RELEASED} (or {@code SRM_ABORTED}) for them (SRM v2.2, GFD.129 &sect;5.9). Gateway mode holds no
 * pins and its signed tokens cannot change, so this is the only state a release leaves: kept in this server's memory until the request expires, at most {@code capacity}
 * entries; beyond that the release made longest ago is forgotten first. Each call costs the same however many
 * are kept: releases are kept in the order they were made, and those that expired are dropped from the oldest
 * end as new ones come. It is neither journaled nor shared between servers: after a restart, on another
 * frontend, or once forgotten, the file is reported pinned again, which is harmless because nothing is pinned.
 */
public final class ReleasedFiles {
    private record Key(String request, int index) {
    }

    private record Ended(FileState state, Instant until) {
    }

    /** Read without a lock: a status call asks for each file it answers. */
    private final ConcurrentHashMap<Key, Ended> released = new ConcurrentHashMap<>();
    /**
     * Guarded by itself: what {@link #end} kept, in the order it kept it. A file released again is kept again at
     * the end; its older place is skipped when it comes first.
     */
    private final ArrayDeque<Map.Entry<Key, Ended>> order = new ArrayDeque<>();
    private final int capacity;
    private final Clock clock;

    public ReleasedFiles(int capacity, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        this.clock = clock;
    }

    /**
     * Remembers that file {@code index} of the request whose token is {@code id} (what tells it from every other:
     * a signed token's signature) ended in {@code state} ({@link FileState#RELEASED} or {@link FileState#ABORTED}),
     * until {@code expires}.
     */
    public void end(String id, int index, FileState state, Instant expires) {
        Key key = new Key(id, index);
        Ended ended = new Ended(state, expires);
        Instant now = clock.instant();
        synchronized (order) {
            released.put(key, ended);
            order.addLast(Map.entry(key, ended));
            if (order.size() > 2 * capacity) { // mostly places of files released again: drop those
                order.removeIf(e -> released.get(e.getKey()) != e.getValue());
            }
            while (!order.isEmpty()) {
                Map.Entry<Key, Ended> oldest = order.peekFirst();
                boolean kept = released.get(oldest.getKey()) == oldest.getValue();
                if (kept && released.size() <= capacity && now.isBefore(oldest.getValue().until())) {
                    break;
                }
                order.pollFirst();
                if (kept) {
                    released.remove(oldest.getKey(), oldest.getValue());
                }
            }
        }
    }

    /** How file {@code index} of request {@code id} ended, if this server remembers it. */
    public Optional<FileState> endOf(String id, int index) {
        Ended e = released.get(new Key(id, index));
        return e != null && clock.instant().isBefore(e.until()) ? Optional.of(e.state()) : Optional.empty();
    }

    /** How many releases are kept now. */
    int size() {
        return released.size();
    }
}

package org.opensrm.core.service;

import java.time.Clock;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Optional;
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

    /** Guarded by itself; in the order released. */
    private final LinkedHashMap<Key, Ended> released = new LinkedHashMap<>();
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
        Instant now = clock.instant();
        synchronized (released) {
            released.remove(key);
            released.put(key, new Ended(state, expires));
            Iterator<Ended> oldest = released.values().iterator();
            while (oldest.hasNext()) {
                Ended e = oldest.next();
                if (released.size() <= capacity && now.isBefore(e.until())) {
                    break;
                }
                oldest.remove();
            }
        }
    }

    /** How file {@code index} of request {@code id} ended, if this server remembers it. */
    public Optional<FileState> endOf(String id, int index) {
        Key key = new Key(id, index);
        Ended e;
        synchronized (released) {
            e = released.get(key);
        }
        return e != null && clock.instant().isBefore(e.until()) ? Optional.of(e.state()) : Optional.empty();
    }

    /** How many releases are kept now. */
    int size() {
        synchronized (released) {
            return released.size();
        }
    }
}

package org.opensrm.core.service;

import java.time.Clock;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import org.opensrm.common.SrmPath;
import org.opensrm.core.gateway.TokenCodec;

/**
 * The files of get and bring-online requests released with srmReleaseFiles, so that later status calls answer
 * {@code SRM_RELEASED} for them (SRM v2.2, GFD.129 &sect;5.9). Gateway mode holds no pins, so this is the only
 * state a release leaves: kept in this server's memory until the request expires, at most {@code capacity}
 * entries; beyond that the release made longest ago is forgotten first. Each call costs the same however many
 * are kept: releases are kept in the order they were made, and those that expired are dropped from the oldest
 * end as new ones come. It is neither journaled nor shared between servers: after a restart, on another
 * frontend, or once forgotten, the file is reported pinned again, which is harmless because nothing is pinned.
 */
public final class ReleasedFiles {
    private record Key(String request, SrmPath path) {
    }

    /** Guarded by itself; in the order released. */
    private final LinkedHashMap<Key, Instant> released = new LinkedHashMap<>();
    private final int capacity;
    private final Clock clock;

    public ReleasedFiles(int capacity, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        this.clock = clock;
    }

    /** Remembers that {@code path} of the request {@code token} was released, until {@code expires}. */
    public void release(String token, SrmPath path, Instant expires) {
        Key key = new Key(TokenCodec.idOf(token), path);
        Instant now = clock.instant();
        synchronized (released) {
            released.remove(key);
            released.put(key, expires);
            Iterator<Instant> oldest = released.values().iterator();
            while (oldest.hasNext()) {
                Instant until = oldest.next();
                if (released.size() <= capacity && now.isBefore(until)) {
                    break;
                }
                oldest.remove();
            }
        }
    }

    public boolean isReleased(String token, SrmPath path) {
        Key key = new Key(TokenCodec.idOf(token), path);
        Instant expires;
        synchronized (released) {
            expires = released.get(key);
        }
        return expires != null && clock.instant().isBefore(expires);
    }

    /** How many releases are kept now. */
    int size() {
        synchronized (released) {
            return released.size();
        }
    }
}

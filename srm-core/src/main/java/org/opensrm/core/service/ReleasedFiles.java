package org.opensrm.core.service;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.common.SrmPath;
import org.opensrm.core.gateway.TokenCodec;

/**
 * The files of get and bring-online requests released with srmReleaseFiles, so that later status calls answer
 * {@code SRM_RELEASED} for them (SRM v2.2, GFD.129 &sect;5.9). Gateway mode holds no pins, so this is the only
 * state a release leaves: kept in this server's memory until the request expires, at most {@code capacity}
 * entries (beyond that a release is still answered, but not remembered). It is neither journaled nor shared
 * between servers: after a restart, or on another frontend, the file is reported pinned again, which is harmless
 * because nothing is pinned.
 */
public final class ReleasedFiles {
    private record Key(String request, SrmPath path) {
    }

    private final Map<Key, Instant> released = new ConcurrentHashMap<>();
    private final int capacity;
    private final Clock clock;

    public ReleasedFiles(int capacity, Clock clock) {
        this.capacity = capacity;
        this.clock = clock;
    }

    /** Remembers that {@code path} of the request {@code token} was released, until {@code expires}. */
    public void release(String token, SrmPath path, Instant expires) {
        if (released.size() >= capacity) {
            Instant now = clock.instant();
            released.values().removeIf(e -> !now.isBefore(e));
            if (released.size() >= capacity) {
                return;
            }
        }
        released.put(new Key(TokenCodec.idOf(token), path), expires);
    }

    public boolean isReleased(String token, SrmPath path) {
        Instant expires = released.get(new Key(TokenCodec.idOf(token), path));
        return expires != null && clock.instant().isBefore(expires);
    }
}

package org.opensrm.core.gateway;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The last few thousand tokens this frontend signed or read, each with what reading it gave: a client asks about
 * the request it was just given (srmStatusOfGetRequest, srmReleaseFiles, srmPutDone, usually within milliseconds),
 * and each such call would otherwise check the token's MAC, inflate it and parse it again, once per load (a release
 * loads its request twice). Only what a token says is kept, never what the outside shows, so an entry is as true as
 * the token it stands for, for as long as it is kept; a token signed elsewhere is read in full once.
 *
 * <p>Bounded: at capacity the oldest entry goes (a ring of keys in insertion order). Neither lookups nor adding
 * take a lock: every frontend thread signs and reads tokens at once.
 *
 * @param <V> what reading a token gave
 */
final class RecentTokens<V> {
    private final ConcurrentHashMap<String, V> byToken;
    private final AtomicReferenceArray<String> ring;
    private final AtomicLong next = new AtomicLong();

    /** @param capacity how many tokens are kept at most; 0 keeps none */
    RecentTokens(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.byToken = new ConcurrentHashMap<>(Math.max(16, capacity * 2));
        this.ring = new AtomicReferenceArray<>(capacity);
    }

    /** What reading {@code token} gave, if it is still kept. */
    V get(String token) {
        return ring.length() == 0 || token == null ? null : byToken.get(token);
    }

    /** Keeps what reading {@code token} gave; the oldest entry goes when full. */
    void put(String token, V value) {
        if (ring.length() == 0) {
            return;
        }
        if (byToken.putIfAbsent(token, value) != null) {
            return; // kept already, in its place in the ring
        }
        String oldest = ring.getAndSet((int) (next.getAndIncrement() % ring.length()), token);
        if (oldest != null) {
            byToken.remove(oldest);
        }
    }

    /** How many tokens are kept now. */
    int size() {
        return byToken.size();
    }
}

package org.opensrm.authz.gums;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * GUMS answers by client, each kept for its own time to live after it was written, at most {@code maxSize}
 * of them (the oldest written go first). Thread-safe; a look-up holds a lock for a hash-map access.
 *
 * @param <V> the answer
 */
final class AnswerCache<V> {
    private record Entry<V>(V value, long expiresAtNanos) {
    }

    private final int maxSize;
    private final LongSupplier nanoTime;
    private final LinkedHashMap<String, Entry<V>> entries;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder evictions = new LongAdder();

    AnswerCache(int maxSize, LongSupplier nanoTime) {
        this.maxSize = maxSize;
        this.nanoTime = nanoTime;
        this.entries = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry<V>> eldest) {
                if (size() > AnswerCache.this.maxSize) {
                    evictions.increment();
                    return true;
                }
                return false;
            }
        };
    }

    Optional<V> get(String key) {
        synchronized (entries) {
            Entry<V> e = entries.get(key);
            if (e != null && nanoTime.getAsLong() - e.expiresAtNanos() < 0) {
                hits.increment();
                return Optional.of(e.value());
            }
            if (e != null) {
                entries.remove(key);
            }
        }
        misses.increment();
        return Optional.empty();
    }

    void put(String key, V value, long ttlNanos) {
        if (ttlNanos <= 0) {
            return;
        }
        synchronized (entries) {
            entries.remove(key);
            entries.put(key, new Entry<>(value, nanoTime.getAsLong() + ttlNanos));
        }
    }

    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    long hits() {
        return hits.sum();
    }

    long misses() {
        return misses.sum();
    }

    long evictions() {
        return evictions.sum();
    }
}

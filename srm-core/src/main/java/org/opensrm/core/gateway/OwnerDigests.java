package org.opensrm.core.gateway;

import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 digests of DNs and account names ({@link TokenCodec#digestOf}), kept for the names seen lately: every
 * token signed or checked for its owner digests two names, and a site's clients are few names making many calls.
 * Bounded: past {@code capacity} names it starts again empty. The arrays handed out are shared: never change them.
 */
final class OwnerDigests {
    private final ConcurrentHashMap<String, byte[]> byName = new ConcurrentHashMap<>();
    private final int capacity;

    /** @param capacity how many names are kept at most */
    OwnerDigests(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
    }

    /** The digest of {@code name}, as {@link TokenCodec#digestOf} gives it. */
    byte[] of(String name) {
        byte[] kept = byName.get(name);
        if (kept != null) {
            return kept;
        }
        byte[] digest = TokenCodec.digestOf(name);
        if (byName.size() >= capacity) {
            byName.clear();
        }
        byName.put(name, digest);
        return digest;
    }
}

package org.opensrm.core;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Cryptographically strong random bytes for tokens, nonces and names, from a generator of each thread's own (a
 * DRBG seeded by the platform): the platform's default generator serialises every caller on one lock and reads
 * the kernel's pool on each call, which every request thread of a busy frontend would otherwise queue for.
 */
public final class ThreadRandoms {
    private final ThreadLocal<SecureRandom> random = ThreadLocal.withInitial(ThreadRandoms::newRandom);

    /** Fills {@code bytes} with random bytes. */
    public void nextBytes(byte[] bytes) {
        random.get().nextBytes(bytes);
    }

    /** This thread's generator, for a caller that needs one. */
    public SecureRandom current() {
        return random.get();
    }

    private static SecureRandom newRandom() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }
}

package org.opensrm.core;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Makes full-mode request tokens: 160 random bits from {@link SecureRandom}, base64url without padding
 * (27 characters). Unguessable, so a token cannot be found by trying; bound to its owner by the store, which
 * checks the owner on every client access.
 */
public final class TokenGenerator {
    /** Random bytes in a token (160 bits). */
    public static final int RANDOM_BYTES = 20;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final java.util.function.Consumer<byte[]> random;

    /** Tokens from each thread's own generator ({@link ThreadRandoms}). */
    public TokenGenerator() {
        this.random = new ThreadRandoms()::nextBytes;
    }

    public TokenGenerator(SecureRandom random) {
        this.random = random::nextBytes;
    }

    public RequestToken next() {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.accept(bytes);
        return new RequestToken(B64.encodeToString(bytes));
    }
}

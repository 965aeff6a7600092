package org.opensrm.core;

import java.util.Objects;

/**
 * The handle a client carries for an asynchronous request. Made by the {@link RequestStore} that keeps the
 * request (full mode: {@link TokenGenerator}, random and unguessable; gateway mode: a signed encoding).
 * Holding a token grants nothing by itself: every client access checks the request's {@link Owner}.
 */
public record RequestToken(String value) {
    /** Longer tokens are refused before they reach a store. */
    public static final int MAX_LENGTH = 1 << 20;
    private static final int SHORT_ID_LENGTH = 10;

    public RequestToken {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("request token length " + value.length());
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c > '~') {
                throw new IllegalArgumentException("request token holds a character outside printable ASCII");
            }
        }
    }

    /** A short, non-secret prefix for logs and the MDC. */
    public String shortId() {
        return shortId(value);
    }

    /**
     * The short id of a token as a client sent it, whichever mode made it, for logs and the MDC: the first 10
     * characters of its last dot-separated part (a gateway token's signature; a full-mode token has no dot).
     * Nothing it shows gives the token away. A null token (none yet) is {@code -}.
     */
    public static String shortId(String token) {
        if (token == null) {
            return "-";
        }
        String tail = token.substring(token.lastIndexOf('.') + 1);
        return tail.length() > SHORT_ID_LENGTH ? tail.substring(0, SHORT_ID_LENGTH) : tail;
    }

    @Override
    public String toString() {
        return value;
    }
}

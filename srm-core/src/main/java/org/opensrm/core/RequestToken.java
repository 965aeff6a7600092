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
        return value.length() > 10 ? value.substring(0, 10) : value;
    }

    @Override
    public String toString() {
        return value;
    }
}

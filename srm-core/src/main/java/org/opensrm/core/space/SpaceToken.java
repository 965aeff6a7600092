package org.opensrm.core.space;

import java.util.Objects;
import org.opensrm.common.SrmException;
import org.opensrm.core.TokenGenerator;

/**
 * The handle of a space reservation, the {@code spaceToken} clients pass as {@code targetSpaceToken}. A dynamic
 * reservation's token is random and unguessable ({@link TokenGenerator}); a static one's is its name from
 * {@code space.tokens}. Holding a token grants nothing: writing into the space checks membership of its group.
 */
public record SpaceToken(String value) {
    /** The longest token kept (the column's width). */
    public static final int MAX_LENGTH = 256;

    public SpaceToken {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("space token length " + value.length());
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c > '~') {
                throw new IllegalArgumentException("space token holds a character outside printable ASCII");
            }
        }
    }

    /** A new random token. */
    public static SpaceToken random(TokenGenerator tokens) {
        return new SpaceToken(tokens.next().value());
    }

    /**
     * A token as a client sent it.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for an empty, overlong or non-printable one
     */
    public static SpaceToken parse(String text) throws SrmException {
        if (text == null || text.isBlank()) {
            throw SrmException.invalidRequest("space token is missing");
        }
        try {
            return new SpaceToken(text.trim());
        } catch (IllegalArgumentException e) {
            throw SrmException.invalidRequest("malformed space token");
        }
    }

    /** A short, non-secret prefix for logs. */
    public String shortId() {
        return value.length() > 10 ? value.substring(0, 10) : value;
    }

    @Override
    public String toString() {
        return value;
    }
}

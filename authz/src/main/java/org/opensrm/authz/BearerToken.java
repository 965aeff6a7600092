package org.opensrm.authz;

import java.util.Objects;

/**
 * The text of an {@code Authorization: Bearer} header, not yet validated. It is a credential: {@link #toString()}
 * never shows it, so it cannot reach a log line by accident; only the token mapper reads {@link #text()}.
 */
public final class BearerToken {
    private final String text;

    public BearerToken(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }

    /** The token as the client sent it. Never log it. */
    public String text() {
        return text;
    }

    /** Length in characters (the header is ASCII: bytes). */
    public int length() {
        return text.length();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BearerToken b && b.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return "bearer token (" + text.length() + " bytes)";
    }
}

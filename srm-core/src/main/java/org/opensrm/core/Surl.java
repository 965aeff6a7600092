package org.opensrm.core;

import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmPath;

/**
 * A SURL of a request: the text exactly as the client sent it (every answer echoes it, byte for byte: gfal2 and ARC
 * compare it with what they sent) and the path of this storage element it names, read once when the request was
 * made ({@code SurlParser#read}) and carried with the file from then on, so that the engine's workers, status
 * answers and releases do not read it again.
 *
 * <p>A store keeps the text only. A SURL loaded from a store, from a signed gateway token, or refused when its
 * request was made is <em>unread</em>: {@link #path()} is empty and {@code SurlParser#pathOf} reads it when (and
 * only if) its path is needed. Two SURLs are equal when their texts are: the path is what the text names.
 */
public final class Surl {
    private final String text;
    private final SrmPath path;

    private Surl(String text, SrmPath path) {
        this.text = Objects.requireNonNull(text, "text");
        this.path = path;
    }

    /** A SURL read at intake: {@code path} is what {@code text} names on this storage element. */
    public static Surl read(String text, SrmPath path) {
        return new Surl(text, Objects.requireNonNull(path, "path"));
    }

    /** A SURL whose path is not known here: kept as text by a store or a token, or refused at intake. */
    public static Surl unread(String text) {
        return new Surl(text, null);
    }

    /** The SURL as the client sent it. */
    public String text() {
        return text;
    }

    /** The path it names, when it was read at intake; empty for an {@link #unread} SURL. */
    public Optional<SrmPath> path() {
        return Optional.ofNullable(path);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Surl other && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The text as sent, so that a message naming the SURL says what the client sent. */
    @Override
    public String toString() {
        return text;
    }
}

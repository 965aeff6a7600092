package org.opensrm.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An absolute, normalised path in the storage element's namespace: {@code /} is {@code backend.root}. It can
 * only be made from a string that cannot leave the root (no {@code ..}, no {@code .}, no NUL, no backslash);
 * repeated and trailing slashes are folded. Decoding of the SURL is the caller's business: this class never
 * decodes, so {@code %2F} stays a literal three-character name. No name in it is longer than
 * {@value #MAX_NAME_BYTES} bytes in UTF-8, the longest file name POSIX file systems (NAME_MAX) and HDFS
 * ({@code dfs.namenode.fs-limits.max-component-length}) take by default: a longer one is an invalid path, not a
 * storage failure.
 */
public final class SrmPath implements Comparable<SrmPath> {
    public static final SrmPath ROOT = new SrmPath(List.of());
    /** The longest name (path segment) accepted, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 255;

    private final List<String> segments;
    private final String text;

    private SrmPath(List<String> segments) {
        this.segments = List.copyOf(segments);
        this.text = "/" + String.join("/", segments);
    }

    /**
     * Parses an absolute path.
     *
     * @throws SrmException {@code SRM_INVALID_PATH} when the path is relative or could name something outside
     *                      the root
     */
    public static SrmPath of(String path) throws SrmException {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw SrmException.invalidPath("path must be absolute: " + path);
        }
        List<String> parts = new ArrayList<>();
        for (String s : path.split("/")) {
            if (s.isEmpty()) {
                continue;
            }
            if (s.equals("..") || s.equals(".")) {
                throw SrmException.invalidPath("path may not contain '.' or '..' segments: " + path);
            }
            if (s.indexOf('\0') >= 0 || s.indexOf('\\') >= 0) {
                throw SrmException.invalidPath("path contains a forbidden character: " + path.replace('\0', '?'));
            }
            if (s.length() > MAX_NAME_BYTES / 3 && utf8Length(s) > MAX_NAME_BYTES) {
                throw SrmException.invalidPath("a name in the path is longer than " + MAX_NAME_BYTES + " bytes: "
                        + s.substring(0, 40) + "...");
            }
            parts.add(s);
        }
        return new SrmPath(parts);
    }

    private static int utf8Length(String s) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    public boolean isRoot() {
        return segments.isEmpty();
    }

    /** The parent; the root is its own parent. */
    public SrmPath parent() {
        return isRoot() ? this : new SrmPath(segments.subList(0, segments.size() - 1));
    }

    /** The last segment, or the empty string for the root. */
    public String name() {
        return isRoot() ? "" : segments.get(segments.size() - 1);
    }

    /** A child of this path. */
    public SrmPath child(String name) throws SrmException {
        if (name.isEmpty() || name.contains("/")) {
            throw SrmException.invalidPath("not a single path segment: " + name);
        }
        return of(text.equals("/") ? "/" + name : text + "/" + name);
    }

    public List<String> segments() {
        return segments;
    }

    public int depth() {
        return segments.size();
    }

    /** True when {@code other} is this path or lies below it. */
    public boolean contains(SrmPath other) {
        return other.segments.size() >= segments.size()
                && other.segments.subList(0, segments.size()).equals(segments);
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SrmPath p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public int compareTo(SrmPath o) {
        return text.compareTo(o.text);
    }
}

package org.opensrm.authz.internal;

/**
 * Walks one line of a grid-mapfile-like file: quoted fields (with {@code "} or {@code '}, backslash escaping the
 * next character) and whitespace. Not thread-safe; one per line.
 */
final class LineCursor {
    private final String line;
    private final int lineNumber;
    private int pos;

    LineCursor(String line, int lineNumber) {
        this.line = line;
        this.lineNumber = lineNumber;
    }

    int lineNumber() {
        return lineNumber;
    }

    void skipWhitespace() {
        while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
            pos++;
        }
    }

    boolean atEnd() {
        return pos >= line.length();
    }

    boolean atQuote() {
        return !atEnd() && isQuote(line.charAt(pos));
    }

    /** Everything not yet consumed, trimmed. */
    String rest() {
        String r = line.substring(pos).trim();
        pos = line.length();
        return r;
    }

    /** Consumes everything up to (not including) position {@code end}, trimmed. */
    String takeUntil(int end) {
        String r = line.substring(pos, end).trim();
        pos = end;
        return r;
    }

    /** Index of the first quote character after whitespace (so opening a field) past the cursor, or -1. */
    int indexOfNextOpeningQuote() {
        for (int i = pos + 1; i < line.length(); i++) {
            if (isQuote(line.charAt(i)) && Character.isWhitespace(line.charAt(i - 1))) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the start of the last run of whitespace in the unconsumed text, or -1. */
    int indexOfLastWhitespace() {
        int end = line.length();
        while (end > pos && Character.isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        for (int i = end - 1; i >= pos; i--) {
            if (Character.isWhitespace(line.charAt(i))) {
                while (i > pos && Character.isWhitespace(line.charAt(i - 1))) {
                    i--;
                }
                return i;
            }
        }
        return -1;
    }

    /** The next field, quoted or up to the next whitespace, and the whitespace after it. */
    String word() throws MalformedFileException {
        skipWhitespace();
        String w;
        if (atQuote()) {
            w = quoted();
        } else {
            int end = pos;
            while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
                end++;
            }
            w = takeUntil(end);
        }
        skipWhitespace();
        return w;
    }

    /**
     * Reads a quoted field starting at the cursor; the closing quote must be the same character as the opening
     * one and be followed by whitespace or the end of the line.
     */
    String quoted() throws MalformedFileException {
        char quote = line.charAt(pos++);
        StringBuilder value = new StringBuilder();
        while (pos < line.length()) {
            char c = line.charAt(pos++);
            if (c == '\\') {
                if (pos >= line.length()) {
                    break;
                }
                value.append(line.charAt(pos++));
            } else if (c == quote) {
                if (!atEnd() && !Character.isWhitespace(line.charAt(pos))) {
                    throw new MalformedFileException(lineNumber, "text directly after closing " + quote);
                }
                return value.toString();
            } else {
                value.append(c);
            }
        }
        throw new MalformedFileException(lineNumber, "unterminated " + quote + " quote");
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'';
    }
}

package org.opensrm.common;

/**
 * Makes a text safe to write into a line-oriented log: every control character (C0, DEL, C1, and the Unicode line
 * and paragraph separators, which some log viewers break lines at) is written as an escape ({@code \n}, {@code \r},
 * {@code \t}, or {@code \}{@code uXXXX}), so that a value a client chose (a SURL, a certificate subject, a header)
 * can never start a line of its own in the log. Text without control characters is returned as it is, without a
 * copy.
 */
public final class ControlCharacters {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ControlCharacters() {
    }

    /** {@code text} with its control characters escaped; null stays null. */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        int n = text.length();
        int i = 0;
        while (i < n && !isControl(text.charAt(i))) {
            i++;
        }
        if (i == n) {
            return text;
        }
        StringBuilder out = new StringBuilder(n + 16).append(text, 0, i);
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                out.append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else {
                out.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15]).append(HEX[c >> 4 & 15])
                        .append(HEX[c & 15]);
            }
        }
        return out.toString();
    }

    /** Whether {@code c} is escaped by {@link #escape}. */
    public static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
    }
}

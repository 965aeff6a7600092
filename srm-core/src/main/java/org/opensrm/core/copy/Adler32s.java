package org.opensrm.core.copy;

import java.util.Locale;

/** Adler-32 values as storage elements spell them: hex, with or without leading zeros, any case. */
public final class Adler32s {
    private Adler32s() {
    }

    /** @throws IllegalArgumentException when {@code hex} is not an adler32 value */
    public static long parse(String hex) {
        String h = hex.strip();
        if (h.isEmpty() || h.length() > 8) {
            throw new IllegalArgumentException("not an adler32 value: '" + hex + "'");
        }
        try {
            return Long.parseLong(h, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an adler32 value: '" + hex + "'");
        }
    }

    /** Eight lower-case hex digits. */
    public static String format(long value) {
        return String.format(Locale.ROOT, "%08x", value);
    }
}

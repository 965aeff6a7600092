package org.opensrm.gridftp;

import java.util.Locale;

/** How a selector spreads transfers over the nodes that are up. */
public enum SelectionPolicy {
    /** Uniformly random among the nodes that are up. */
    RANDOM,
    /** Strict rotation over the nodes that are up. */
    ROUND_ROBIN;

    /** Parses the configuration spelling: {@code random}, {@code roundrobin} (also {@code round-robin}, {@code round_robin}). */
    public static SelectionPolicy parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        switch (t) {
            case "random":
                return RANDOM;
            case "roundrobin":
                return ROUND_ROBIN;
            default:
                throw new IllegalArgumentException("unknown GridFTP selection policy '" + text
                        + "' (expected random or roundrobin)");
        }
    }
}

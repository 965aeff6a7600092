package org.opensrm.gridftp;

import java.util.Locale;

/** How a selector spreads transfers over the nodes that are up. */
public enum SelectionPolicy {
    /** Uniformly random among the nodes that are up. */
    RANDOM,
    /** Strict rotation over the nodes that are up. */
    ROUND_ROBIN,
    /** The less loaded of two random doors, by load figures probed in the background (see {@link LoadProbeConfig}). */
    LOAD_PROBE;

    /** Parses the configuration spelling: {@code random}, {@code roundrobin} (also {@code round-robin}, {@code round_robin}),
     * {@code loadprobe} (also {@code load-probe}). */
    public static SelectionPolicy parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        switch (t) {
            case "random":
                return RANDOM;
            case "roundrobin":
                return ROUND_ROBIN;
            case "loadprobe":
                return LOAD_PROBE;
            default:
                throw new IllegalArgumentException("unknown GridFTP selection policy '" + text
                        + "' (expected random, roundrobin or loadprobe)");
        }
    }
}

package org.opensrm.loadtest;

import java.util.Objects;

/**
 * A SURL to run against, with the label reports use for it (for directory listings: the number of entries, so
 * that latency can be plotted against directory size).
 */
public record TargetSurl(String label, String surl) {
    /** The target used by operations that need no SURL ({@code ping}). */
    public static final TargetSurl NONE = new TargetSurl("-", "");

    public TargetSurl {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(surl, "surl");
    }

    /** Parses {@code LABEL=srm://...} or a bare {@code srm://...} (labelled with its last path element). */
    public static TargetSurl parse(String spec) {
        int eq = spec.indexOf('=');
        int scheme = spec.indexOf("://");
        if (eq > 0 && (scheme < 0 || eq < scheme)) {
            return new TargetSurl(spec.substring(0, eq), requireSrm(spec.substring(eq + 1)));
        }
        String surl = requireSrm(spec);
        String trimmed = surl.endsWith("/") ? surl.substring(0, surl.length() - 1) : surl;
        return new TargetSurl(trimmed.substring(trimmed.lastIndexOf('/') + 1), surl);
    }

    /** The label as a number (for plotting), or NaN when it is not one. */
    public double numericLabel() {
        try {
            return Double.parseDouble(label);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String requireSrm(String surl) {
        if (!surl.startsWith("srm://")) {
            throw new IllegalArgumentException("not a SURL (must start with srm://): " + surl);
        }
        return surl;
    }
}

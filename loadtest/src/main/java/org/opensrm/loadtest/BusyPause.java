package org.opensrm.loadtest;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How long a client waits before its next call after the server answered {@code SRM_INTERNAL_ERROR} (the busy
 * answer; for srmPing, its {@code otherInfo} error): {@code first} after the first such answer, doubled after each
 * further one in a row, at most {@code max}; an answer of any other kind starts again from {@code first}.
 *
 * <p>{@link #GFAL2} is gfal2's: its SRM library (srm-ifce 1.24, the default polling logic
 * {@code SRM_POLLING_LOGIC_MIN_MAX_EXP}) sleeps {@code min_waittime} = 0.2 s before retrying a call answered
 * {@code SRM_INTERNAL_ERROR}, doubles the sleep after each retry up to {@code max_waittime} = 5 s, and starts each
 * new call from the minimum again (docs/overload.md: 0.5 s, 0.5 s, 1 s, 2 s, 3.5 s, then every 5 s as observed,
 * with gfal2's own time per attempt added). {@link #NONE} retries at once, as ARC does.
 *
 * @param first the pause after the first busy answer; zero: no pause at all
 * @param max   the longest pause, at least {@code first}
 */
public record BusyPause(Duration first, Duration max) {
    public static final BusyPause GFAL2 = new BusyPause(Duration.ofMillis(200), Duration.ofSeconds(5));
    public static final BusyPause NONE = new BusyPause(Duration.ZERO, Duration.ZERO);

    public BusyPause {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isNegative() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("busy pause: need 0 <= first <= max, got " + first + " and " + max);
        }
    }

    /** Whether clients pause at all. */
    public boolean pauses() {
        return !first.isZero();
    }

    /**
     * The pause after the {@code n}-th busy answer in a row (from 1): {@code first * 2^(n-1)}, at most {@code max}.
     */
    public Duration after(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n starts at 1: " + n);
        }
        Duration d = first;
        for (int i = 1; i < n && d.compareTo(max) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(max) > 0 ? max : d;
    }

    /**
     * {@code gfal2}, {@code none}, {@code FIRST} (a fixed pause) or {@code FIRST:MAX}; times as on the command
     * line (500ms, 2s; bare numbers are seconds).
     */
    public static BusyPause parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("gfal2")) {
            return GFAL2;
        }
        if (t.equals("none")) {
            return NONE;
        }
        int colon = t.indexOf(':');
        Duration first = CommandLine.parseDuration(colon < 0 ? t : t.substring(0, colon));
        return new BusyPause(first, colon < 0 ? first : CommandLine.parseDuration(t.substring(colon + 1)));
    }

    @Override
    public String toString() {
        if (equals(GFAL2)) {
            return "gfal2";
        }
        return pauses() ? first.toMillis() + "ms:" + max.toMillis() + "ms" : "none";
    }
}

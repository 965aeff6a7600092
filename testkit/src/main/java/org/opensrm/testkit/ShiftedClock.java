package org.opensrm.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The system clock moved forward by hand: a server started with it runs in real time, and a test makes time it
 * would otherwise wait for pass at once ({@link #advance}). Time the storage keeps (file modification times) is
 * not moved, so what the server compares with it looks that much older.
 */
public final class ShiftedClock extends Clock {
    private volatile Duration shift = Duration.ZERO;

    /** Moves this clock {@code d} further ahead of the system clock. */
    public void advance(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("a clock moves forward only");
        }
        shift = shift.plus(d);
    }

    /**
     * Back to the system clock, undoing every advance: what a test that advanced it does when it ends, so that the
     * next test of the same server starts in real time (whatever the server stamped meanwhile is in the future).
     */
    public void reset() {
        shift = Duration.ZERO;
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(shift);
    }

    @Override
    public long millis() {
        return instant().toEpochMilli();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}

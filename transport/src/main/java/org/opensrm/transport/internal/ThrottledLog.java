package org.opensrm.transport.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A warning about events an attacker can cause by the thousand: at most one line per period, saying how many
 * happened since the last line and the latest one's detail, so that an attack is visible without flooding the
 * log. The count of events since the last line is reported with the next event after the period.
 */
final class ThrottledLog {
    private final Logger log;
    private final long periodNanos;
    private final String message;
    private final AtomicLong since = new AtomicLong();
    private final AtomicLong next = new AtomicLong(Long.MIN_VALUE);

    /** @param message SLF4J pattern with two anchors: the number of events, then the detail of the last */
    ThrottledLog(Class<?> owner, Duration period, String message) {
        this.log = LoggerFactory.getLogger(owner);
        this.periodNanos = period.toNanos();
        this.message = message;
    }

    void event(Object detail) {
        long count = since.incrementAndGet();
        long now = System.nanoTime();
        long due = next.get();
        if ((due == Long.MIN_VALUE || now - due >= 0) && next.compareAndSet(due, now + periodNanos)) {
            since.addAndGet(-count);
            log.warn(message, count, detail);
        }
    }
}

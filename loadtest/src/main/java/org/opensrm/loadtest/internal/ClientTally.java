package org.opensrm.loadtest.internal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per client, over a whole level (warm-up included): when it first held a connection and when it first got an OK
 * answer, counted from the moment the clients were let go. What a reconnect storm is judged by: did every client
 * get in and get an answer, and how long until the last one did.
 */
final class ClientTally {
    private final AtomicLongArray connectedAt;
    private final AtomicLongArray answeredAt;
    private final LongAdder opened = new LongAdder();
    private final LongAdder connErrors = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> connectFailures = new ConcurrentHashMap<>();
    private final AtomicLong longestAnswer = new AtomicLong();
    private volatile long beganAt;

    ClientTally(int clients) {
        connectedAt = new AtomicLongArray(clients);
        answeredAt = new AtomicLongArray(clients);
    }

    void begin() {
        beganAt = System.nanoTime();
    }

    /** @param longestAnswerNanos the longest the client took to answer one of the server's handshake flights */
    void connected(int client, long longestAnswerNanos) {
        longestAnswer.accumulateAndGet(longestAnswerNanos, Math::max);
        opened.increment();
        connectedAt.compareAndSet(client, 0, sinceBegin());
    }

    /** A connect, handshake or exchange that failed on the connection. */
    void connectionError() {
        connErrors.increment();
    }

    /** A connection could not be set up, for {@code reason} as the client saw it ({@link ConnectFailure}). */
    void connectFailed(ConnectFailure failure) {
        longestAnswer.accumulateAndGet(failure.longestAnswerNanos(), Math::max);
        connectFailures.computeIfAbsent(failure.reason(), r -> new LongAdder()).increment();
    }

    /** Connections that could not be set up over the level, by reason. */
    Map<String, Long> connectFailures() {
        Map<String, Long> copy = new TreeMap<>();
        connectFailures.forEach((reason, n) -> copy.put(reason, n.sum()));
        return copy;
    }

    /** The longest any client took to answer a flight of the server's handshakes over the level, in nanoseconds. */
    long longestAnswerNanos() {
        return longestAnswer.get();
    }

    /** Connections opened by all clients over the level: more than the clients when some had to reconnect. */
    long opened() {
        return opened.sum();
    }

    /** Iterations and connects that failed on the connection, over the level. */
    long connectionErrors() {
        return connErrors.sum();
    }

    void answered(int client) {
        answeredAt.compareAndSet(client, 0, sinceBegin());
    }

    /** Clients that held a connection at least once. */
    int connected() {
        return count(connectedAt);
    }

    /** Clients that got at least one OK answer. */
    int answered() {
        return count(answeredAt);
    }

    /** Seconds from the begin to the first OK answer of the last client that got one; 0 if none did. */
    double lastFirstAnswerSeconds() {
        long last = 0;
        for (int i = 0; i < answeredAt.length(); i++) {
            last = Math.max(last, answeredAt.get(i));
        }
        return last / 1e9;
    }

    private long sinceBegin() {
        return Math.max(1, System.nanoTime() - beganAt); // 0 means "not yet"
    }

    private static int count(AtomicLongArray times) {
        int n = 0;
        for (int i = 0; i < times.length(); i++) {
            if (times.get(i) != 0) {
                n++;
            }
        }
        return n;
    }
}

package org.opensrm.loadtest.internal;

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
    private volatile long beganAt;

    ClientTally(int clients) {
        connectedAt = new AtomicLongArray(clients);
        answeredAt = new AtomicLongArray(clients);
    }

    void begin() {
        beganAt = System.nanoTime();
    }

    void connected(int client) {
        opened.increment();
        connectedAt.compareAndSet(client, 0, sinceBegin());
    }

    /** A connect, handshake or exchange that failed on the connection. */
    void connectionError() {
        connErrors.increment();
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

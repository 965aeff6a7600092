package org.opensrm.loadtest.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Shared between a level's coordinator and its clients: when to begin, whether to go on, and where to record. */
final class LevelState {
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch requests = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger connected = new AtomicInteger();
    private volatile boolean running = true;
    private volatile Window window;
    private final ClientTally tally;

    LevelState(Window initial, int clients) {
        this.window = initial;
        this.tally = new ClientTally(clients);
    }

    /** Who got in and who got an answer over the whole level. */
    ClientTally tally() {
        return tally;
    }

    boolean running() {
        return running;
    }

    /** Lets every started client begin (after its ramp-up delay). */
    void begin() {
        tally.begin();
        go.countDown();
    }

    void awaitBegin() throws InterruptedException {
        go.await();
    }

    void stop() {
        running = false;
        go.countDown();
        requests.countDown();
        stopped.countDown();
    }

    /** Waits {@code millis}, or less when the level stops meanwhile. */
    void pause(long millis) throws InterruptedException {
        stopped.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Connect-first: a client holds its connection. */
    void clientConnected() {
        connected.incrementAndGet();
    }

    int connectedClients() {
        return connected.get();
    }

    /** Connect-first: lets the connected clients send their requests. */
    void allowRequests() {
        requests.countDown();
    }

    void awaitRequestsAllowed() throws InterruptedException {
        requests.await();
    }

    Window window() {
        return window;
    }

    void switchTo(Window next) {
        window = next;
    }
}

package org.opensrm.loadtest.internal;

import java.util.concurrent.CountDownLatch;

/** Shared between a level's coordinator and its clients: when to begin, whether to go on, and where to record. */
final class LevelState {
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Window window;

    LevelState(Window initial) {
        this.window = initial;
    }

    boolean running() {
        return running;
    }

    /** Lets every started client begin (after its ramp-up delay). */
    void begin() {
        go.countDown();
    }

    void awaitBegin() throws InterruptedException {
        go.await();
    }

    void stop() {
        running = false;
        go.countDown();
    }

    Window window() {
        return window;
    }

    void switchTo(Window next) {
        window = next;
    }
}

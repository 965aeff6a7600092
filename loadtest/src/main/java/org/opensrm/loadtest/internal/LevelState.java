package org.opensrm.loadtest.internal;

/** Shared between a level's coordinator and its clients: whether to go on, and where to record. */
final class LevelState {
    private volatile boolean running = true;
    private volatile Window window;

    LevelState(Window initial) {
        this.window = initial;
    }

    boolean running() {
        return running;
    }

    void stop() {
        running = false;
    }

    Window window() {
        return window;
    }

    void switchTo(Window next) {
        window = next;
    }
}

package org.opensrm.transport.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the handshakes that are owed work by the server: connections accepted whose handshake bytes have arrived
 * (or whose end point is still being set up) and not yet been dealt with. While {@code max} are owed, the acceptor
 * waits and new connections wait in the kernel's accept queue, where no handshake deadline runs: under a reconnect
 * storm the handshakes already started are finished first, instead of every handshake advancing a little at a time
 * behind an ever longer queue until the total limit cuts them. A handshake waiting for its peer owes nothing, so
 * peers that trickle or stay silent cannot hold the gate shut.
 */
final class HandshakeGate {
    /** How often the acceptor looks again while the gate is shut, should a release not wake it. */
    private static final long RECHECK_MILLIS = 20;

    private final int max;
    private final AtomicInteger owed = new AtomicInteger();

    HandshakeGate(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        this.max = max;
    }

    /** Waits until fewer than {@code max} handshakes are owed work. */
    void awaitRoom() throws InterruptedException {
        if (owed.get() < max) {
            return;
        }
        synchronized (this) {
            while (owed.get() >= max) {
                wait(RECHECK_MILLIS);
            }
        }
    }

    /** One more handshake is owed work. */
    void take() {
        owed.incrementAndGet();
    }

    /** One handshake less is owed work. */
    void give() {
        if (owed.decrementAndGet() == max - 1) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** Handshakes owed work now. */
    int owed() {
        return owed.get();
    }
}

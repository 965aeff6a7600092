package org.opensrm.transport.internal;

/**
 * The time a connection in its handshake has been charged: only the stretches in which the server was waiting
 * for the peer's bytes, not those in which the peer's bytes were waiting for the server (in the selector's
 * queue, in the thread pool's queue, or being worked on). The connection's end point tells it when the turn
 * changes: {@link #peerTurn} when the server asks to be told of more bytes, {@link #serverTurn} when the
 * selector saw them arrive. It starts at the accept in the server's turn (nothing has been asked of the peer
 * yet). Times are {@link System#nanoTime()} values given by the caller.
 */
final class HandshakeClock {
    private final long acceptedAt;
    private long charged;
    /** Since when the server has been waiting for the peer; {@code -1} in the server's turn. */
    private long waitingSince = -1;

    HandshakeClock(long acceptedAt) {
        this.acceptedAt = acceptedAt;
    }

    /** The server is done with what it had and waits for the peer: from now on the peer is charged. */
    synchronized void peerTurn(long now) {
        if (waitingSince < 0) {
            waitingSince = now;
        }
    }

    /** The peer's bytes arrived: until the server asks for more, the time is the server's. */
    synchronized void serverTurn(long now) {
        if (waitingSince >= 0) {
            charged += Math.max(0, now - waitingSince);
            waitingSince = -1;
        }
    }

    /** Nanoseconds the server has waited for the peer since the accept. */
    synchronized long charged(long now) {
        return waitingSince < 0 ? charged : charged + Math.max(0, now - waitingSince);
    }

    /** Nanoseconds since the accept, whoever's turn it was. */
    long elapsed(long now) {
        return now - acceptedAt;
    }
}

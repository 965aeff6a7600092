package org.opensrm.transport.internal;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A network end point that tells the {@link HandshakeClock} of its connection, while it has one, whose turn it
 * is: the peer's from the moment the selector watches the connection for more bytes ({@link #updateKey} with read
 * interest registered, not when the server asks for them: a selector behind on its work must not charge the peer
 * for it), the server's from the moment the selector's {@code select()} reported them ({@link #onSelected} with
 * the key readable; {@link WatchedSelector#lastReturn}) until it watches again. The time a readable connection
 * then waits for the selector to get to it and for a pool thread, behind the requests of connections that are
 * already clients, is thus not charged to it. From its accept until the server first asks for the peer's bytes,
 * and in every server's turn, the connection is also counted in the {@link HandshakeGate}. Once the connection has
 * sent its first request head the clock is detached and these calls cost a volatile read or two.
 */
final class ClockedEndPoint extends SocketChannelEndPoint {
    private final HandshakeGate gate;
    /** Whether this connection is counted in the gate: from its accept, then in every server's turn. */
    private final AtomicBoolean owed = new AtomicBoolean(true);
    private volatile HandshakeClock clock;
    private volatile SelectionKey key;
    private final WatchedSelector watched;

    /** @param gate where the connection, counted at its accept, is owed work until the server first waits for it */
    ClockedEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key, Scheduler scheduler,
            HandshakeGate gate) {
        super(channel, selector, key, scheduler);
        this.key = key;
        this.gate = gate;
        this.watched = selector instanceof WatchedSelector w ? w : null;
    }

    void attach(HandshakeClock value) {
        clock = value;
    }

    /** The handshake is over (met or cut): the connection is neither timed nor counted any more. */
    void detach() {
        clock = null;
        settle();
    }

    @Override
    protected void needsFillInterest() {
        HandshakeClock c = clock;
        if (c != null && watched == null) { // no selector to tell when it watches: from now on
            c.peerTurn(System.nanoTime());
        }
        settle();
        super.needsFillInterest();
    }

    @Override
    public void updateKey() {
        super.updateKey();
        HandshakeClock c = clock;
        if (c != null && watched != null && readInterest()) {
            c.peerTurn(System.nanoTime());
        }
    }

    @Override
    public Runnable onSelected() {
        HandshakeClock c = clock;
        if (c != null && readable()) {
            c.serverTurn(watched == null ? System.nanoTime() : watched.lastReturn());
            if (owed.compareAndSet(false, true)) {
                gate.take();
            }
        }
        return super.onSelected();
    }

    @Override
    public void onClose(Throwable cause) {
        try {
            super.onClose(cause);
        } finally {
            clock = null;
            settle();
        }
    }

    private void settle() {
        if (owed.get() && owed.compareAndSet(true, false)) {
            gate.give();
        }
    }

    @Override
    public void replaceKey(SelectionKey newKey) {
        key = newKey;
        super.replaceKey(newKey);
    }

    private boolean readInterest() {
        try {
            return (key.interestOps() & SelectionKey.OP_READ) != 0;
        } catch (java.nio.channels.CancelledKeyException e) {
            return false;
        }
    }

    private boolean readable() {
        try {
            return (key.readyOps() & SelectionKey.OP_READ) != 0;
        } catch (java.nio.channels.CancelledKeyException e) {
            return false;
        }
    }
}

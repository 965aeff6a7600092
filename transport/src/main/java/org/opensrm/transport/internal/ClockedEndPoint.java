package org.opensrm.transport.internal;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A network end point that tells the {@link HandshakeClock} of its connection, while it has one, whose turn it
 * is: the peer's from the moment the server asks to be told of more bytes ({@link #needsFillInterest}), the
 * server's from the moment the selector sees them ({@link #onSelected} with the key readable) until it asks
 * again. The time a readable connection then waits for a pool thread, behind the requests of connections that are
 * already clients, is thus not charged to it. In the server's turns (and from the accept to its first wait for
 * the peer) the connection is also counted in the {@link HandshakeGate}. Once the connection has sent its first
 * request head the clock is detached and both calls cost two volatile reads.
 */
final class ClockedEndPoint extends SocketChannelEndPoint {
    private final HandshakeGate gate;
    /** Whether this connection is counted in the gate: from its accept, then in every server's turn. */
    private final AtomicBoolean owed = new AtomicBoolean(true);
    private volatile HandshakeClock clock;
    private volatile SelectionKey key;

    /** @param gate where the connection, counted at its accept, is owed work until the server first waits for it */
    ClockedEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key, Scheduler scheduler,
            HandshakeGate gate) {
        super(channel, selector, key, scheduler);
        this.key = key;
        this.gate = gate;
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
        if (c != null) {
            c.peerTurn(System.nanoTime());
        }
        settle();
        super.needsFillInterest();
    }

    @Override
    public Runnable onSelected() {
        HandshakeClock c = clock;
        if (c != null && readable()) {
            c.serverTurn(System.nanoTime());
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

    private boolean readable() {
        try {
            return (key.readyOps() & SelectionKey.OP_READ) != 0;
        } catch (java.nio.channels.CancelledKeyException e) {
            return false;
        }
    }
}

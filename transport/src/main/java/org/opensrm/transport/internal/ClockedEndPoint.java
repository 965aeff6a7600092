package org.opensrm.transport.internal;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A network end point that tells the {@link HandshakeClock} of its connection, while it has one, whose turn it
 * is: the peer's from the moment the server asks to be told of more bytes ({@link #needsFillInterest}), the
 * server's from the moment the selector sees them ({@link #onSelected} with the key readable) until it asks
 * again. The time a readable connection then waits for a pool thread, behind the requests of connections that are
 * already clients, is thus not charged to it. Once the connection has sent its first request head the clock is
 * detached and both calls cost one volatile read.
 */
final class ClockedEndPoint extends SocketChannelEndPoint {
    private volatile HandshakeClock clock;
    private volatile SelectionKey key;

    ClockedEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key, Scheduler scheduler) {
        super(channel, selector, key, scheduler);
        this.key = key;
    }

    void attach(HandshakeClock value) {
        clock = value;
    }

    void detach() {
        clock = null;
    }

    @Override
    protected void needsFillInterest() {
        HandshakeClock c = clock;
        if (c != null) {
            c.peerTurn(System.nanoTime());
        }
        super.needsFillInterest();
    }

    @Override
    public Runnable onSelected() {
        HandshakeClock c = clock;
        if (c != null && readable()) {
            c.serverTurn(System.nanoTime());
        }
        return super.onSelected();
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

package org.opensrm.transport.internal;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A {@link ServerConnector} whose connections' end points are {@link ClockedEndPoint}s, and whose acceptors wait
 * while the {@link HandshakeGate} is shut. A connection is counted in the gate as soon as it is accepted (its end
 * point is set up by a pool thread, which may itself wait behind other work), and its end point takes the count over.
 * Its selectors are {@link WatchedSelector}s, so that the end points know when the server learned of their bytes.
 */
final class ClockedServerConnector extends ServerConnector {
    private final HandshakeGate gate;

    ClockedServerConnector(Server server, HandshakeGate gate, int acceptors, int selectors,
            ConnectionFactory... factories) {
        super(server, acceptors, selectors, factories);
        this.gate = gate;
    }

    @Override
    protected SelectorManager newSelectorManager(Executor executor, Scheduler scheduler, int selectors) {
        return new ServerConnectorManager(executor, scheduler, selectors) {
            @Override
            protected ManagedSelector newSelector(int id) {
                return new WatchedSelector(this, id);
            }
        };
    }

    @Override
    public void accept(int acceptorID) throws IOException {
        try {
            gate.awaitRoom();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("stopped while waiting for handshakes to finish");
        }
        super.accept(acceptorID);
        gate.take();
    }

    @Override
    protected SocketChannelEndPoint newEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key) {
        ClockedEndPoint endPoint = new ClockedEndPoint(channel, selector, key, getScheduler(), gate);
        endPoint.setIdleTimeout(getIdleTimeout());
        return endPoint;
    }
}

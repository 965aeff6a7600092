package org.opensrm.transport.internal;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** A {@link ServerConnector} whose connections' end points are {@link ClockedEndPoint}s. */
final class ClockedServerConnector extends ServerConnector {
    ClockedServerConnector(Server server, int acceptors, int selectors, ConnectionFactory... factories) {
        super(server, acceptors, selectors, factories);
    }

    @Override
    protected SocketChannelEndPoint newEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key) {
        ClockedEndPoint endPoint = new ClockedEndPoint(channel, selector, key, getScheduler());
        endPoint.setIdleTimeout(getIdleTimeout());
        return endPoint;
    }
}

package org.opensrm.transport.internal;

import java.nio.ByteBuffer;

import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lives for one step of a connection: takes the bytes the detector read (starting with the GSI byte), consumes
 * the byte, and hands the rest to the next protocol. Delegation ({@code 'D'}) is not supported: the connection
 * is logged and closed at once, so the client fails fast instead of waiting.
 */
final class GsiConnection extends AbstractConnection implements Connection.UpgradeFrom, Connection.UpgradeTo {
    static final byte NO_DELEGATION = '0';
    static final byte DELEGATION = 'D';

    private static final Logger LOG = LoggerFactory.getLogger(GsiConnection.class);

    private final Connector connector;
    private final ConnectionFactory next;
    private ByteBuffer buffer;

    GsiConnection(EndPoint endPoint, Connector connector, ConnectionFactory next) {
        super(endPoint, connector.getExecutor());
        this.connector = connector;
        this.next = next;
    }

    @Override
    public void onUpgradeTo(ByteBuffer prefilled) {
        buffer = prefilled;
    }

    @Override
    public ByteBuffer onUpgradeFrom() {
        ByteBuffer rest = buffer != null && buffer.hasRemaining() ? buffer : null;
        buffer = null;
        return rest;
    }

    @Override
    public void onOpen() {
        super.onOpen();
        byte mode = buffer == null || !buffer.hasRemaining() ? 0 : buffer.get();
        if (mode == NO_DELEGATION) {
            getEndPoint().upgrade(next.newConnection(connector, getEndPoint()));
        } else {
            LOG.info("GSI delegation requested by {}: not supported, closing the connection",
                    getEndPoint().getRemoteSocketAddress());
            buffer = null;
            getEndPoint().close();
        }
    }

    @Override
    public void onFillable() {
        // never fill-interested: the connection is replaced in onOpen()
    }
}

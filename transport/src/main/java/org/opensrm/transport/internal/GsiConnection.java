package org.opensrm.transport.internal;

import java.nio.ByteBuffer;

import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.util.BufferUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First application-level step of every connection (it also drives the TLS handshake, as the first reader of
 * the TLS end point). On the first bytes:
 * <ul>
 * <li>{@code '0'}: GSI without delegation; the byte is consumed, the rest goes to the next protocol;</li>
 * <li>a lone {@code 'D'}: GSI delegation requested; not supported: logged and closed at once, so the client
 * fails fast instead of waiting for a certificate request (an HTTP {@code DELETE} never arrives as a lone
 * 'D': clients write the request line in one piece);</li>
 * <li>anything else: plain HTTPS, every byte goes to the next protocol.</li>
 * </ul>
 */
final class GsiConnection extends AbstractConnection implements Connection.UpgradeFrom, Connection.UpgradeTo {
    static final byte NO_DELEGATION = '0';
    static final byte DELEGATION = 'D';

    private static final Logger LOG = LoggerFactory.getLogger(GsiConnection.class);

    private final Connector connector;
    private final ConnectionFactory next;
    private final ByteBuffer buffer;

    GsiConnection(EndPoint endPoint, Connector connector, ConnectionFactory next, int bufferSize) {
        super(endPoint, connector.getExecutor());
        this.connector = connector;
        this.next = next;
        this.buffer = BufferUtil.allocate(bufferSize);
    }

    @Override
    public void onUpgradeTo(ByteBuffer prefilled) {
        BufferUtil.append(buffer, prefilled);
    }

    @Override
    public ByteBuffer onUpgradeFrom() {
        return buffer.hasRemaining() ? buffer : null;
    }

    @Override
    public void onOpen() {
        super.onOpen();
        if (buffer.hasRemaining()) {
            decide();
        } else {
            fillInterested();
        }
    }

    @Override
    public void onFillable() {
        try {
            int filled = getEndPoint().fill(buffer);
            if (filled < 0) {
                getEndPoint().close();
            } else if (filled == 0 && !buffer.hasRemaining()) {
                fillInterested();
            } else {
                decide();
            }
        } catch (Throwable failure) {
            // typically a refused client chain (already logged by the trust manager) or a reset connection
            LOG.debug("connection from {} failed before its first request: {}",
                    getEndPoint().getRemoteSocketAddress(), failure.toString());
            getEndPoint().close(failure);
        }
    }

    private void decide() {
        byte first = buffer.get(buffer.position());
        if (first == DELEGATION && buffer.remaining() == 1) {
            LOG.info("GSI delegation requested by {}: not supported, closing the connection",
                    getEndPoint().getRemoteSocketAddress());
            BufferUtil.clear(buffer);
            getEndPoint().close();
            return;
        }
        if (first == NO_DELEGATION) {
            buffer.get();
        }
        getEndPoint().upgrade(next.newConnection(connector, getEndPoint()));
    }
}

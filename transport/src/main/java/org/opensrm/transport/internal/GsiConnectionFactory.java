package org.opensrm.transport.internal;

import java.nio.ByteBuffer;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.AbstractConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;

/**
 * Recognises the GSI byte that Globus clients send after the TLS handshake: {@code '0'} (no delegation) or a lone
 * {@code 'D'} (delegation requested). Used inside a {@link org.eclipse.jetty.server.DetectorConnectionFactory}, so
 * that anything else (an HTTP request line: plain HTTPS) goes untouched to the next protocol. A {@code 'D'}
 * followed by more bytes in the same read is an HTTP {@code DELETE}, not delegation: a delegating client sends
 * the byte alone and waits for the server's certificate request.
 */
public final class GsiConnectionFactory extends AbstractConnectionFactory implements ConnectionFactory.Detecting {
    public static final String PROTOCOL = "gsi";

    private final String nextProtocol;

    /** @param nextProtocol the protocol that follows the GSI byte, e.g. {@code HTTP/1.1} */
    public GsiConnectionFactory(String nextProtocol) {
        super(PROTOCOL);
        this.nextProtocol = nextProtocol;
    }

    @Override
    public Detection detect(ByteBuffer buffer) {
        if (!buffer.hasRemaining()) {
            return Detection.NEED_MORE_BYTES;
        }
        byte first = buffer.get(buffer.position());
        if (first == GsiConnection.NO_DELEGATION) {
            return Detection.RECOGNIZED;
        }
        if (first == GsiConnection.DELEGATION) {
            return buffer.remaining() == 1 ? Detection.RECOGNIZED : Detection.NOT_RECOGNIZED;
        }
        return Detection.NOT_RECOGNIZED;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        ConnectionFactory next = connector.getConnectionFactory(nextProtocol);
        if (next == null) {
            throw new IllegalStateException("no connection factory for " + nextProtocol + " on " + connector);
        }
        return configure(new GsiConnection(endPoint, connector, next), connector, endPoint);
    }
}

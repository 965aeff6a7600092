package org.opensrm.loadtest.internal;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A plain socket that tells a {@link HandshakeTrace} when the TLS layer on top of it read the server's bytes and
 * wrote the client's (JSSE reads and writes a layered socket through its streams).
 */
final class TracedSocket extends java.net.Socket {
    private final HandshakeTrace trace;

    TracedSocket(HandshakeTrace trace) {
        this.trace = trace;
    }

    @Override
    public void connect(java.net.SocketAddress endpoint, int timeout) throws IOException {
        super.connect(endpoint, timeout);
        trace.connected();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        return new FilterInputStream(super.getInputStream()) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                trace.read(b < 0 ? 0 : 1);
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = in.read(buffer, offset, length);
                trace.read(n);
                return n;
            }
        };
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        return new FilterOutputStream(super.getOutputStream()) {
            @Override
            public void write(int b) throws IOException {
                trace.wrote();
                out.write(b);
            }

            @Override
            public void write(byte[] buffer, int offset, int length) throws IOException {
                trace.wrote();
                out.write(buffer, offset, length);
            }
        };
    }
}

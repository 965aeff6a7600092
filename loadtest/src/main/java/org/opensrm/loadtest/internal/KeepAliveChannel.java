package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reuses one connection for every request; opens a new one only when the previous one failed or the server
 * closed it.
 */
public final class KeepAliveChannel implements SoapChannel {
    private final HttpgConnector connector;
    private final ConnectionListener listener;
    private volatile HttpgConnection connection;
    private final AtomicReference<Socket> opening = new AtomicReference<>();

    public KeepAliveChannel(HttpgConnector connector, ConnectionListener listener) {
        this.connector = connector;
        this.listener = listener;
    }

    @Override
    public HttpResponse call(SoapCall call) throws IOException {
        HttpgConnection current = open();
        try {
            return current.post(call, true);
        } catch (IOException | RuntimeException e) {
            current.close();
            throw e;
        }
    }

    @Override
    public void connect() throws IOException {
        open();
    }

    private HttpgConnection open() throws IOException {
        HttpgConnection current = connection;
        if (current == null || !current.reusable()) {
            if (current != null) {
                current.close();
            }
            current = connector.open(opening);
            opening.set(null);
            connection = current;
            listener.connectionOpened();
        }
        return current;
    }

    /** Closes the connection, or the one being opened: a client stuck in a handshake is stopped too. */
    @Override
    public void close() {
        Socket pending = opening.getAndSet(null);
        if (pending != null) {
            try {
                pending.close();
            } catch (IOException ignored) {
                // closing is all we wanted
            }
        }
        HttpgConnection current = connection;
        if (current != null) {
            current.close();
        }
    }
}

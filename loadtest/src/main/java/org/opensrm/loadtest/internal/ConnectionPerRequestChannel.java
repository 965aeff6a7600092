package org.opensrm.loadtest.internal;

import java.io.IOException;

import org.opensrm.client.HttpgResponse;

/** Opens a new connection (full TLS handshake, '0' byte) for every request and closes it after the answer. */
public final class ConnectionPerRequestChannel implements SoapChannel {
    private final HttpgConnector connector;
    private final ConnectionListener listener;
    private volatile SoapConnection connection;

    public ConnectionPerRequestChannel(HttpgConnector connector, ConnectionListener listener) {
        this.connector = connector;
        this.listener = listener;
    }

    @Override
    public HttpgResponse call(SoapCall call) throws IOException {
        long[] answer = new long[1];
        SoapConnection current;
        try {
            current = connector.open(nanos -> answer[0] = nanos);
        } catch (ConnectFailure e) {
            listener.connectFailed(e);
            throw e;
        }
        connection = current;
        listener.connectionOpened(answer[0]);
        try {
            return current.post(call, false);
        } finally {
            current.close();
        }
    }

    @Override
    public void close() {
        SoapConnection current = connection;
        if (current != null) {
            current.close();
        }
    }
}

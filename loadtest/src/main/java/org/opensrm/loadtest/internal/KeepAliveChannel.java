package org.opensrm.loadtest.internal;

import java.io.IOException;

import org.opensrm.client.HttpgResponse;

/**
 * Reuses one connection for every request; opens a new one only when the previous one failed or the server
 * closed it.
 */
public final class KeepAliveChannel implements SoapChannel {
    private final HttpgConnector connector;
    private final ConnectionListener listener;
    private volatile SoapConnection connection;

    public KeepAliveChannel(HttpgConnector connector, ConnectionListener listener) {
        this.connector = connector;
        this.listener = listener;
    }

    @Override
    public HttpgResponse call(SoapCall call) throws IOException {
        SoapConnection current = open();
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

    private SoapConnection open() throws IOException {
        SoapConnection current = connection;
        if (current == null || !current.reusable()) {
            if (current != null) {
                current.close();
            }
            long[] answer = new long[1];
            try {
                current = connector.open(nanos -> answer[0] = nanos);
            } catch (ConnectFailure e) {
                listener.connectFailed(e);
                throw e;
            }
            connection = current;
            listener.connectionOpened(answer[0]);
        }
        return current;
    }

    @Override
    public void close() {
        SoapConnection current = connection;
        if (current != null) {
            current.close();
        }
    }
}

package org.opensrm.loadtest.internal;

import java.io.IOException;

import org.opensrm.client.HttpgResponse;

/** Sends SOAP requests for one client. {@link #close()} may be called from another thread to abort. */
public interface SoapChannel extends AutoCloseable {
    HttpgResponse call(SoapCall call) throws IOException;

    /** Opens the connection ahead of the first call where the channel keeps one; nothing otherwise. */
    default void connect() throws IOException {
    }

    @Override
    void close();
}

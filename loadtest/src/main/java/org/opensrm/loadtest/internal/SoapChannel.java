package org.opensrm.loadtest.internal;

import java.io.IOException;

/** Sends SOAP requests for one client. {@link #close()} may be called from another thread to abort. */
public interface SoapChannel extends AutoCloseable {
    HttpResponse call(SoapCall call) throws IOException;

    /** Opens the connection ahead of the first call where the channel keeps one; nothing otherwise. */
    default void connect() throws IOException {
    }

    @Override
    void close();
}

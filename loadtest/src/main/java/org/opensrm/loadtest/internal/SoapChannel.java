package org.opensrm.loadtest.internal;

import java.io.IOException;

/** Sends SOAP requests for one client. {@link #close()} may be called from another thread to abort. */
public interface SoapChannel extends AutoCloseable {
    HttpResponse call(SoapCall call) throws IOException;

    @Override
    void close();
}

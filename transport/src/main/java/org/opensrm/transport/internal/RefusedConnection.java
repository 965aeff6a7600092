package org.opensrm.transport.internal;

import java.util.concurrent.Executor;

import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.EndPoint;

/** A connection beyond the limit: closed as soon as it is opened, without reading a byte. */
final class RefusedConnection extends AbstractConnection {

    RefusedConnection(EndPoint endPoint, Executor executor) {
        super(endPoint, executor);
    }

    @Override
    public void onOpen() {
        super.onOpen();
        getEndPoint().close();
    }

    @Override
    public void onFillable() {
        getEndPoint().close();
    }
}

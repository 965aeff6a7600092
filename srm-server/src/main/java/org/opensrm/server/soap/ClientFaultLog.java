package org.opensrm.server.soap;

import com.sun.xml.ws.api.message.ExceptionHasMessage;
import com.sun.xml.ws.server.UnsupportedMediaException;
import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * One WARN line for a request the JAX-WS RI could not read, instead of its own SEVERE record with the whole stack
 * trace (36 lines for a truncated body). The RI logs every request it answers with a fault of its own making
 * (malformed XML, not a SOAP envelope, wrong content type) at SEVERE; those are the client's errors, so their
 * records are dropped here and {@link SoapServlet} logs the fault's reason in one line. Errors of the server's own
 * still reach the log with their stack trace.
 */
final class ClientFaultLog {
    private static final String RI_ADAPTER = "com.sun.xml.ws.transport.http.HttpAdapter";

    private ClientFaultLog() {
    }

    /**
     * Installs the filter on the RI's adapter logger and returns that logger: the caller keeps it, because
     * java.util.logging holds its loggers weakly and a collected logger would lose its filter.
     */
    static Logger install() {
        Logger adapter = Logger.getLogger(RI_ADAPTER);
        Filter clientFaults = r -> !(r.getThrown() instanceof ExceptionHasMessage
                || r.getThrown() instanceof UnsupportedMediaException);
        adapter.setFilter(clientFaults);
        return adapter;
    }
}

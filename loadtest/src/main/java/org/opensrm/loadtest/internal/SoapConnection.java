package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.loadtest.SrmEndpoint;

/**
 * One client's httpg connection (the client module's) carrying its SOAP POSTs, one at a time, with the head gfal2
 * sends. Not thread-safe: owned by one client; {@link #close} may come from another thread to abort.
 */
public final class SoapConnection implements AutoCloseable {
    private static final String USER_AGENT = "opensrm-loadtest/0.1";
    private final HttpgConnection connection;
    private final SrmEndpoint endpoint;

    SoapConnection(HttpgConnection connection, SrmEndpoint endpoint) {
        this.connection = connection;
        this.endpoint = endpoint;
    }

    /**
     * POSTs one SOAP message and reads the answer.
     *
     * @param keepAlive whether to ask the server to keep the connection open afterwards
     */
    public HttpgResponse post(SoapCall call, boolean keepAlive) throws IOException {
        byte[] body = call.body().getBytes(StandardCharsets.UTF_8);
        String head = "POST " + endpoint.path() + " HTTP/1.1\r\n"
                + "Host: " + endpoint.hostHeader() + "\r\n"
                + "User-Agent: " + USER_AGENT + "\r\n"
                + "Content-Type: text/xml; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: " + (keepAlive ? "keep-alive" : "close") + "\r\n"
                + "SOAPAction: \"" + call.soapAction() + "\"\r\n"
                + "\r\n";
        return connection.exchange(head.getBytes(StandardCharsets.ISO_8859_1), body, false);
    }

    /** Whether another request may be sent: the last exchange completed and neither side asked to close. */
    public boolean reusable() {
        return connection.reusable();
    }

    @Override
    public void close() {
        connection.closeQuietly();
    }
}

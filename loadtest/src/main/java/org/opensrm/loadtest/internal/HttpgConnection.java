package org.opensrm.loadtest.internal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import javax.net.ssl.SSLSocket;

import org.opensrm.loadtest.SrmEndpoint;

/**
 * One authenticated httpg connection carrying HTTP/1.1 POSTs of SOAP, one at a time. Not thread-safe: owned by
 * one client.
 */
public final class HttpgConnection implements AutoCloseable {
    private static final String USER_AGENT = "opensrm-loadtest/0.1";
    private final SSLSocket socket;
    private final SrmEndpoint endpoint;
    private final OutputStream out;
    private final HttpResponseReader reader;
    private boolean reusable = true;

    HttpgConnection(SSLSocket socket, SrmEndpoint endpoint) throws IOException {
        this.socket = socket;
        this.endpoint = endpoint;
        this.out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
        this.reader = new HttpResponseReader(new BufferedInputStream(socket.getInputStream(), 16 * 1024));
    }

    /**
     * POSTs one SOAP message and reads the answer.
     *
     * @param keepAlive whether to ask the server to keep the connection open afterwards
     */
    public HttpResponse post(SoapCall call, boolean keepAlive) throws IOException {
        byte[] body = call.body().getBytes(StandardCharsets.UTF_8);
        String head = "POST " + endpoint.path() + " HTTP/1.1\r\n"
                + "Host: " + endpoint.hostHeader() + "\r\n"
                + "User-Agent: " + USER_AGENT + "\r\n"
                + "Content-Type: text/xml; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: " + (keepAlive ? "keep-alive" : "close") + "\r\n"
                + "SOAPAction: \"" + call.soapAction() + "\"\r\n"
                + "\r\n";
        reusable = false;
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
        HttpResponse response = reader.read();
        reusable = keepAlive && !response.closeRequested();
        return response;
    }

    /** Whether another request may be sent: the last exchange completed and neither side asked to close. */
    public boolean reusable() {
        return reusable && !socket.isClosed();
    }

    @Override
    public void close() {
        reusable = false;
        try {
            socket.close();
        } catch (IOException e) {
            // nothing useful to do: the connection is being thrown away
        }
    }
}

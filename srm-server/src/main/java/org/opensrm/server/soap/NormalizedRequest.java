package org.opensrm.server.soap;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.ByteArrayInputStream;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The request as JAX-WS should see it: the normalised body and a blank SOAPAction. It carries the call's
 * {@link Arrival} to {@link TableInvoker}, which JAX-WS hands this request with the decoded call.
 */
final class NormalizedRequest extends HttpServletRequestWrapper {
    private final byte[] body;
    private final Arrival arrival;

    NormalizedRequest(HttpServletRequest req, byte[] body, Arrival arrival) {
        super(req);
        this.body = body;
        this.arrival = arrival;
    }

    /** Who sent the call and whether the servlet refused it. */
    Arrival arrival() {
        return arrival;
    }

    @Override
    public String getHeader(String name) {
        return "SOAPAction".equalsIgnoreCase(name) ? "\"\"" : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return "SOAPAction".equalsIgnoreCase(name) ? Collections.enumeration(List.of("\"\""))
                : super.getHeaders(name);
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("synchronous reads only");
            }

            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return in.read(b, off, len);
            }
        };
    }
}

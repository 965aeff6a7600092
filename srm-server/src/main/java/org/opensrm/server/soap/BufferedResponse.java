package org.opensrm.server.soap;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Holds a SOAP answer until it is complete, then sends it with a {@code Content-Length} in one write. The GSI
 * client stack of gfal2 (CGSI-gSOAP) fails on chunked answers that arrive in several TLS records, and one write
 * is cheaper anyway.
 */
final class BufferedResponse extends HttpServletResponseWrapper {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024); // srmLs of 10 entries: ~9 KiB
    private ServletOutputStream stream;
    private PrintWriter writer;

    BufferedResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        if (stream == null) {
            stream = new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new IllegalStateException("synchronous writes only");
                }

                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    body.write(b, off, len);
                }
            };
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), StandardCharsets.UTF_8));
        }
        return writer;
    }

    @Override
    public void flushBuffer() {
        // held until complete()
    }

    @Override
    public void setBufferSize(int size) {
        // the whole answer is buffered
    }

    @Override
    public boolean isCommitted() {
        return false;
    }

    /**
     * Sends the held answer (a fault without Java class names, see {@link FaultReasons}).
     *
     * @return the fault's reason when the answer is a fault, else null
     */
    String complete() throws IOException {
        if (writer != null) {
            writer.flush();
        }
        HttpServletResponse r = (HttpServletResponse) getResponse();
        if (r.getStatus() >= 500) {
            byte[] answer = FaultReasons.withoutJavaNames(body.toByteArray());
            r.setContentLength(answer.length);
            r.getOutputStream().write(answer);
            String reason = FaultReasons.firstReason(answer);
            return reason == null ? "HTTP " + r.getStatus() : reason;
        }
        r.setContentLength(body.size());
        body.writeTo(r.getOutputStream()); // no copy of the held bytes
        return null;
    }
}

package org.opensrm.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Map;

import javax.net.ssl.SSLSocket;

import org.bouncycastle.pkcs.PKCS10CertificationRequest;

/**
 * One httpg connection ({@link HttpgClient#keepAlive}, or {@link HttpgClient#open} before its handshake) carrying
 * HTTP/1.1 requests in turn. Writes are buffered and flushed once per request. Not thread-safe; {@link #close} may
 * be called from another thread to abort.
 */
public final class HttpgConnection implements AutoCloseable {
    private static final int BUFFER = 16 * 1024;

    private final SSLSocket socket;
    private final String host;
    private final int port;
    private final boolean absoluteForm;
    private final InputStream in;
    private final OutputStream out;
    private final ResponseReader reader;
    private boolean reusable = true;

    HttpgConnection(SSLSocket socket, String host, int port, boolean absoluteForm, long maxAnswerBytes)
            throws IOException {
        this.socket = socket;
        this.host = host;
        this.port = port;
        this.absoluteForm = absoluteForm;
        this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
        this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
        this.reader = new ResponseReader(in, maxAnswerBytes);
    }

    public HttpgResponse post(String path, Map<String, String> headers, byte[] body) throws IOException {
        return request("POST", path, headers, body);
    }

    public HttpgResponse get(String path, Map<String, String> headers) throws IOException {
        return request("GET", path, headers, null);
    }

    /**
     * Sends one request and reads its answer. {@code Host} and {@code Connection: keep-alive} are added when
     * absent; {@code Content-Length} always states the body's real length (a caller's value is replaced).
     */
    public HttpgResponse request(String method, String path, Map<String, String> headers, byte[] body)
            throws IOException {
        StringBuilder head = new StringBuilder(256);
        String target = absoluteForm ? "httpg://" + host + ":" + port + path : path;
        head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        Map<String, String> given = headers == null ? Map.of() : headers;
        boolean hostGiven = false;
        boolean connectionGiven = false;
        for (String name : given.keySet()) {
            hostGiven |= name.equalsIgnoreCase("Host");
            connectionGiven |= name.equalsIgnoreCase("Connection");
        }
        if (!hostGiven) {
            head.append("Host: ").append(host).append(':').append(port).append("\r\n");
        }
        for (Map.Entry<String, String> h : given.entrySet()) {
            if (!h.getKey().equalsIgnoreCase("Content-Length")) {
                head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
            }
        }
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        if (!connectionGiven) {
            head.append("Connection: keep-alive\r\n");
        }
        head.append("\r\n");
        byte[] bytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        return exchange(bytes, body, "HEAD".equals(method));
    }

    /**
     * Sends a request whose head the caller wrote whole (request line, headers, the empty line) and its body
     * (null: none) in one flush, and reads the answer: for callers that send the same head shape many times.
     */
    public HttpgResponse exchange(byte[] head, byte[] body, boolean headRequest) throws IOException {
        reusable = false;
        out.write(head);
        if (body != null) {
            out.write(body);
        }
        out.flush();
        HttpgResponse response = reader.read(headRequest);
        reusable = !response.closeRequested();
        return response;
    }

    /** Writes bytes as they are, in one flush, for the GSI byte and malformed-request tests. */
    public void sendRaw(byte[]... parts) throws IOException {
        for (byte[] p : parts) {
            out.write(p);
        }
        out.flush();
    }

    /** {@link #sendRaw} of {@code text}'s ISO-8859-1 bytes. */
    public void sendRaw(String text) throws IOException {
        sendRaw(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one response (1xx interim responses are skipped). */
    public HttpgResponse readResponse(boolean headRequest) throws IOException {
        return reader.read(headRequest);
    }

    /** Reads one byte of what the server sent, -1 at its end. */
    public int read() throws IOException {
        return in.read();
    }

    /** Starts the TLS handshake and waits for its end (a no-op once done). */
    public void handshake() throws IOException {
        socket.startHandshake();
    }

    /**
     * GSI delegation: sends {@code 'D'}, signs the server's certificate request with {@code key} (the leaf of
     * {@code chain}) for a proxy valid until {@code notAfter}, and sends it with the chain.
     */
    public void delegate(PrivateKey key, X509Certificate[] chain, Instant notAfter) throws IOException {
        GsiDelegation.delegate(in, out, key, chain, notAfter);
    }

    /** The first half of GSI delegation: sends {@code 'D'}, returns the server's certificate request. */
    public PKCS10CertificationRequest requestDelegation() throws IOException {
        return GsiDelegation.request(in, out);
    }

    /** Whether another request may be sent: the last exchange completed and neither side asked to close. */
    public boolean reusable() {
        return reusable && !socket.isClosed();
    }

    /** The TLS socket, for tests of the transport: its session, its read timeout. */
    public SSLSocket socket() {
        return socket;
    }

    /** The negotiated TLS protocol, e.g. "TLSv1.3". */
    public String tlsProtocol() {
        return socket.getSession().getProtocol();
    }

    public boolean isClosed() {
        return socket.isClosed();
    }

    @Override
    public void close() throws IOException {
        reusable = false;
        socket.close();
    }

    /** Closes the connection, ignoring a failure to (the connection is being thrown away). */
    public void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            // nothing useful to do
        }
    }
}

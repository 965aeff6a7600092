package org.opensrm.gridftp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeStatus;

/**
 * Health of an HTTPS (WebDAV) door: TCP connect to its {@code https} endpoint, a TLS handshake, and an
 * {@code OPTIONS *} request answered by an HTTP status line, all within the timeout. Any status up to 499 is a door
 * that serves (an unauthenticated probe is often told 401 or 403); 503 is a busy door; other 5xx are down. The probe
 * checks liveness, not identity: it does not verify the door's certificate (clients do) and presents none.
 */
final class HttpsProbe {
    /** How the detail of a busy door starts; the load prober reads it as FULL. */
    static final String BUSY = "busy: ";
    private static final int MAX_LINE = 1024;
    private final Duration timeout;
    private final Clock clock;
    private final SSLContext tls;

    HttpsProbe(Duration timeout, Clock clock) {
        this.timeout = timeout;
        this.clock = clock;
        try {
            tls = SSLContext.getInstance("TLS");
            tls.init(null, new TrustManager[] {new AnyCertificate()}, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS in this JVM", e);
        }
    }

    NodeStatus probe(GridFtpNode door) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int port = door.port(GridFtpNode.HTTPS);
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(door.host(), port), BoundedRead.millisLeft(deadline));
            plain.setSoTimeout(BoundedRead.millisLeft(deadline));
            try (SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket(plain, door.host(), port, true)) {
                socket.startHandshake();
                OutputStream out = socket.getOutputStream();
                out.write(("OPTIONS * HTTP/1.1\r\nHost: " + door.host() + ":" + port
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                socket.setSoTimeout(BoundedRead.millisLeft(deadline));
                String line = readLine(socket.getInputStream());
                return judge(line, socket.getSession().getProtocol());
            }
        } catch (SocketTimeoutException e) {
            return new NodeStatus(false, clock.instant(), "timed out after " + timeout.toMillis() + " ms");
        } catch (IOException | RuntimeException e) {
            return new NodeStatus(false, clock.instant(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private NodeStatus judge(String line, String protocol) {
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            return new NodeStatus(false, clock.instant(), "no HTTP answer over " + protocol + ": " + line);
        }
        int code;
        try {
            code = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            return new NodeStatus(false, clock.instant(), "bad HTTP status line: " + line);
        }
        if (code == 503) {
            return new NodeStatus(false, clock.instant(), BUSY + line);
        }
        return new NodeStatus(code < 500, clock.instant(), protocol + ", " + line);
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        while (line.length() < MAX_LINE) {
            int c = in.read();
            if (c < 0) {
                return line.length() == 0 ? "(connection closed without an answer)" : line.toString();
            }
            if (c == '\n') {
                break;
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    /** Liveness only: the door's certificate is not checked here. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}

package org.opensrm.gridftp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeStatus;

/**
 * One health probe of a door, by its kind (its first endpoint's protocol): for GridFTP a TCP connect, then the
 * first reply line read; the door is up when that line is a {@code 220} greeting and both happen within the
 * timeout ({@code QUIT} is sent before closing); for XRootD its protocol handshake ({@link XrootdProbe}); for
 * HTTPS a TLS handshake and an HTTP answer ({@link HttpsProbe}).
 */
public final class BannerProbe {
    private static final int MAX_LINE = 1024;
    private final Duration timeout;
    private final Clock clock;
    private final XrootdProbe xrootd;
    private final HttpsProbe https;

    public BannerProbe(Duration timeout, Clock clock) {
        this.timeout = timeout;
        this.clock = clock;
        this.xrootd = new XrootdProbe(timeout, clock);
        this.https = new HttpsProbe(timeout, clock);
    }

    /** Whether a probe's detail says the door refused for being full (GridFTP 421, HTTP 503). */
    public static boolean busy(NodeStatus status) {
        return !status.up() && (status.detail().startsWith("no 220 greeting: 421")
                || status.detail().startsWith(HttpsProbe.BUSY));
    }

    public NodeStatus probe(GridFtpNode node) {
        switch (node.kind()) {
            case GridFtpNode.ROOT:
                return xrootd.probe(node);
            case GridFtpNode.HTTPS:
                return https.probe(node);
            default:
                return banner(node);
        }
    }

    private NodeStatus banner(GridFtpNode node) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(node.host(), node.port()), BoundedRead.millisLeft(deadline));
            String line = readLine(socket.getInputStream(), deadline, socket);
            if (line.startsWith("220")) {
                quietQuit(socket.getOutputStream());
                return new NodeStatus(true, clock.instant(), line);
            }
            return new NodeStatus(false, clock.instant(), "no 220 greeting: " + line);
        } catch (SocketTimeoutException e) {
            return new NodeStatus(false, clock.instant(), "timed out after " + timeout.toMillis() + " ms");
        } catch (IOException | RuntimeException e) {
            return new NodeStatus(false, clock.instant(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static String readLine(InputStream in, long deadline, Socket socket) throws IOException {
        StringBuilder line = new StringBuilder();
        while (line.length() < MAX_LINE) {
            socket.setSoTimeout(BoundedRead.millisLeft(deadline));
            int c = in.read();
            if (c < 0) {
                return line.length() == 0 ? "(connection closed without greeting)" : line.toString();
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

    private static void quietQuit(OutputStream out) {
        try {
            out.write("QUIT\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException ignored) {
            // the node answered 220; a failed QUIT does not change that
        }
    }
}

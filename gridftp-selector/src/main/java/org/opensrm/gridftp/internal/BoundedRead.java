package org.opensrm.gridftp.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import org.opensrm.gridftp.ProbeException;

/**
 * Reads a probe endpoint's whole answer within one deadline and a size cap: a plain HTTP/1.0 GET (no keep-alive,
 * no chunking, no redirects) or a TCP connection the peer writes its dump to and closes (gmond). An endpoint that
 * hangs, drips, or answers more than the cap ends in a {@link ProbeException}, never in a wait past the deadline.
 */
public final class BoundedRead {
    private final int maxBytes;

    public BoundedRead(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The body of {@code GET url} (http only), which must answer 200. */
    public String httpGet(String url, Duration timeout) throws ProbeException {
        URI u;
        try {
            u = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new ProbeException("bad URL " + url);
        }
        if (!"http".equals(u.getScheme()) || u.getHost() == null) {
            throw new ProbeException("not an http:// URL: " + url);
        }
        int port = u.getPort() < 0 ? 80 : u.getPort();
        String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
        if (u.getRawQuery() != null) {
            path += "?" + u.getRawQuery();
        }
        String request = "GET " + path + " HTTP/1.0\r\nHost: " + u.getHost() + ":" + port
                + "\r\nAccept: text/plain\r\nUser-Agent: opensrm-loadprobe\r\nConnection: close\r\n\r\n";
        byte[] answer = exchange(u.getHost(), port, request, timeout, url);
        String text = new String(answer, StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        int skip = 4;
        if (end < 0) {
            end = text.indexOf("\n\n");
            skip = 2;
        }
        if (end < 0 || !text.startsWith("HTTP/")) {
            throw new ProbeException(url + " did not answer HTTP: " + firstLine(text));
        }
        String status = firstLine(text);
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !"200".equals(parts[1])) {
            throw new ProbeException(url + " answered " + status);
        }
        String head = text.substring(0, end).toLowerCase(Locale.ROOT);
        if (head.contains("content-encoding:") && !head.contains("content-encoding: identity")) {
            throw new ProbeException(url + " answered an encoded body");
        }
        return text.substring(end + skip);
    }

    /** Everything a TCP peer writes before it closes (nothing is sent). */
    public String dump(String host, int port, Duration timeout) throws ProbeException {
        return new String(exchange(host, port, null, timeout, host + ":" + port), StandardCharsets.UTF_8);
    }

    private byte[] exchange(String host, int port, String request, Duration timeout, String what)
            throws ProbeException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), millisLeft(deadline));
            if (request != null) {
                socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
            }
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
            byte[] buf = new byte[8192];
            while (true) {
                socket.setSoTimeout(millisLeft(deadline));
                int n = in.read(buf);
                if (n < 0) {
                    return out.toByteArray();
                }
                if (out.size() + n > maxBytes) {
                    throw new ProbeException(what + " answered more than " + maxBytes + " bytes");
                }
                out.write(buf, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw new ProbeException(what + " did not answer within " + timeout.toMillis() + " ms");
        } catch (IOException | RuntimeException e) {
            throw new ProbeException(what + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Milliseconds to {@code deadline} (a {@link System#nanoTime()}), at least 1; a timeout once it has passed. */
    static int millisLeft(long deadline) throws SocketTimeoutException {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        String line = (nl < 0 ? text : text.substring(0, nl)).strip();
        return line.length() > 80 ? line.substring(0, 80) + "..." : line;
    }
}

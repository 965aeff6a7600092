package org.opensrm.client.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import org.opensrm.common.ControlCharacters;

/**
 * The few HTTPS requests an HTTP third-party copy needs, over TLS trusting the CA certificates ({@code *.0}) of a
 * CA directory and checking the server's name, without a client certificate (every request is authorised by the
 * macaroon in its URL's {@code authz=} or in a header): the WLCG TPC {@code COPY}, read to its final line while the
 * door reports progress; {@code HEAD} with {@code Want-Digest: adler32}; {@code DELETE}. One connection per request
 * ({@code Connection: close}). Header names are sent exactly as written: XrdHttp looks them up case-sensitively.
 */
final class TpcHttp {
    private static final int MAX_LINE = 8192;
    private static final int MAX_BODY = 64 * 1024;

    private final SSLContext tls;
    private final Duration timeout;

    /**
     * @param timeout bounds connecting and each read of the short requests; a {@code COPY} is bounded by its own
     *                stall timeout between two progress reports instead
     * @throws IOException when the CA directory holds no readable CA certificate
     */
    TpcHttp(Path caDir, Duration timeout) throws IOException {
        this.tls = context(caDir);
        this.timeout = timeout;
    }

    /** The end of a {@code COPY}: the door's last word, and its HTTP status. */
    record CopyReply(int status, boolean succeeded, String text, long bytes) {
    }

    /** The answer to a short request: its status and the headers it named (names lower case). */
    record Reply(int status, Map<String, String> headers, String body) {
    }

    /** A {@code COPY} in progress; {@link #cancel} closes its connection (the door then stops the transfer). */
    final class Copy implements AutoCloseable {
        private final SSLSocket socket;

        private Copy(SSLSocket socket) {
            this.socket = socket;
        }

        /**
         * Reads the answer to its end: a 2xx answer streams progress markers ({@code Perf Marker} ... {@code End})
         * and ends with {@code success: ...} or {@code failure: ...}; any other status is a failure at once.
         *
         * @param stall the longest silence between two lines of the answer
         * @throws SocketTimeoutException when the door stayed silent for {@code stall}
         */
        CopyReply await(Duration stall) throws IOException {
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, stall.toMillis()));
            InputStream raw = socket.getInputStream();
            Head head = head(raw);
            InputStream body = head.chunked() ? new Chunked(raw) : raw;
            if (head.status() / 100 != 2) {
                return new CopyReply(head.status(), false, "HTTP " + head.status() + " " + head.reason()
                        + bodyText(body, head), 0);
            }
            long bytes = 0;
            String last = "";
            for (String line = line(body); line != null; line = line(body)) {
                String l = line.strip();
                if (l.startsWith("Stripe Bytes Transferred:")) {
                    try {
                        bytes = Long.parseLong(l.substring(l.indexOf(':') + 1).strip());
                    } catch (NumberFormatException ignored) {
                        // a marker we cannot read says nothing about the end
                    }
                } else if (l.startsWith("success:")) {
                    return new CopyReply(head.status(), true, clean(l), bytes);
                } else if (l.startsWith("failure:")) {
                    return new CopyReply(head.status(), false, clean(l), bytes);
                } else if (!l.isEmpty()) {
                    last = l;
                }
            }
            return new CopyReply(head.status(), false, "the door closed the copy's answer without its result"
                    + (last.isEmpty() ? "" : " (last line: " + clean(last) + ")"), bytes);
        }

        /** Closes the connection at once; idempotent. */
        void cancel() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is all there is to do
            }
        }

        @Override
        public void close() {
            cancel();
        }
    }

    /**
     * Sends {@code COPY} to {@code active} (the door that moves the data, its URL carrying its own authorisation)
     * with {@code Source: remote} (a pull) or {@code Destination: remote} (a push), and the remote's credential as
     * {@code TransferHeaderAuthorization}, which the door sends on as {@code Authorization} to the remote.
     */
    Copy copy(URI active, boolean pull, URI remote, Optional<String> remoteAuthorization) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(pull ? "Source" : "Destination", remote.toASCIIString());
        remoteAuthorization.ifPresent(a -> headers.put("TransferHeaderAuthorization", a));
        headers.put("Credential", "none"); // no X.509 delegation to the door: the remote is reached with the token
        SSLSocket socket = connect(active);
        try {
            send(socket, "COPY", active, headers);
            return new Copy(socket);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** {@code HEAD url} with {@code Want-Digest: adler32}: the adler32 the door computed, if it named one. */
    Optional<String> adler32(URI url) throws IOException {
        Reply r = request("HEAD", url, Map.of("Want-Digest", "adler32"));
        if (r.status() / 100 != 2) {
            throw new IOException("HEAD answered " + r.status() + r.body());
        }
        String digest = r.headers().getOrDefault("digest", "");
        for (String part : digest.split(",")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("adler32=")) {
                return Optional.of(p.substring(8).strip());
            }
        }
        return Optional.empty();
    }

    /** {@code DELETE url}: its status (404 when there was nothing). */
    int delete(URI url) throws IOException {
        return request("DELETE", url, Map.of()).status();
    }

    private Reply request(String method, URI url, Map<String, String> headers) throws IOException {
        try (SSLSocket socket = connect(url)) {
            socket.setSoTimeout(millis(timeout));
            send(socket, method, url, headers);
            InputStream raw = socket.getInputStream();
            Head head = head(raw);
            String body = method.equals("HEAD") ? "" : bodyText(head.chunked() ? new Chunked(raw) : raw, head);
            return new Reply(head.status(), head.headers(), body);
        }
    }

    private SSLSocket connect(URI url) throws IOException {
        String host = url.getHost();
        int port = url.getPort() < 0 ? 443 : url.getPort();
        Socket plain = new Socket();
        try {
            plain.connect(new InetSocketAddress(host, port), millis(timeout));
            plain.setSoTimeout(millis(timeout));
            SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket(plain, host, port, true);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.setUseClientMode(true);
            socket.startHandshake();
            return socket;
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    private static void send(SSLSocket socket, String method, URI url, Map<String, String> headers)
            throws IOException {
        String target = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        StringBuilder sb = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(url.getHost()).append(':').append(url.getPort() < 0 ? 443 : url.getPort())
                .append("\r\n");
        headers.forEach((name, value) -> {
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a header value cannot hold a line break");
            }
            sb.append(name).append(": ").append(value).append("\r\n");
        });
        sb.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private record Head(int status, String reason, Map<String, String> headers, boolean chunked, long length) {
    }

    private static Head head(InputStream in) throws IOException {
        String status = line(in);
        if (status == null || !status.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + clean(status == null ? "(nothing)" : status));
        }
        String[] parts = status.split(" ", 3);
        int code;
        try {
            code = Integer.parseInt(parts[1].strip());
        } catch (RuntimeException e) {
            throw new IOException("not an HTTP status line: " + clean(status));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.put(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
            }
        }
        boolean chunked = headers.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT).contains("chunked");
        long length = -1;
        try {
            length = Long.parseLong(headers.getOrDefault("content-length", "-1"));
        } catch (NumberFormatException ignored) {
            // read to the end instead
        }
        return new Head(code, parts.length > 2 ? parts[2].strip() : "", headers, chunked, length);
    }

    /** The start of a short answer's body, on one line, for an explanation. */
    private static String bodyText(InputStream in, Head head) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long left = head.chunked() || head.length() < 0 ? MAX_BODY : Math.min(MAX_BODY, head.length());
        byte[] buffer = new byte[4096];
        while (left > 0) {
            int r = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (r < 0) {
                break;
            }
            out.write(buffer, 0, r);
            left -= r;
        }
        String text = clean(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip());
        return text.isEmpty() ? "" : ": " + (text.length() > 300 ? text.substring(0, 300) + "..." : text);
    }

    /** A line without its end; null at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c = in.read();
        if (c < 0) {
            return null;
        }
        for (; c >= 0 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                sb.append((char) c);
            }
            if (sb.length() > MAX_LINE) {
                throw new IOException("answer line longer than " + MAX_LINE + " characters");
            }
        }
        return sb.toString();
    }

    private static String clean(String s) {
        return ControlCharacters.escape(s);
    }

    private static int millis(Duration d) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    /** Decodes {@code Transfer-Encoding: chunked} as it arrives. */
    private static final class Chunked extends InputStream {
        private final InputStream in;
        private long left;
        private boolean ended;

        Chunked(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            if (ended) {
                return -1;
            }
            if (left == 0) {
                String size = line(in);
                if (size != null && size.isEmpty()) {
                    size = line(in); // the line end after the previous chunk's data
                }
                try {
                    left = size == null ? 0 : Long.parseLong(size.split(";")[0].strip(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("not a chunk size: " + clean(size));
                }
                if (left == 0) {
                    ended = true;
                    return -1;
                }
            }
            int c = in.read();
            if (c < 0) {
                ended = true;
                return -1;
            }
            left--;
            return c;
        }
    }

    private static SSLContext context(Path caDir) throws IOException {
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            int n = 0;
            try (DirectoryStream<Path> cas = Files.newDirectoryStream(caDir, "*.0")) {
                for (Path ca : cas) {
                    try (InputStream in = Files.newInputStream(ca)) {
                        trusted.setCertificateEntry(ca.getFileName() + "-" + n++,
                                (X509Certificate) x509.generateCertificate(in));
                    }
                }
            }
            if (n == 0) {
                throw new IOException("no CA certificate (*.0) in " + caDir);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("CA directory " + caDir + ": " + e.getMessage(), e);
        }
    }
}

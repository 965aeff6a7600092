package org.opensrm.loadtest.internal;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Reads HTTP/1.1 responses (Content-Length, chunked, or close-delimited bodies) from a connection's stream. */
final class HttpResponseReader {
    private static final int MAX_LINE = 16 * 1024;
    private static final long MAX_BODY = 256L * 1024 * 1024;
    private final InputStream in;

    HttpResponseReader(InputStream in) {
        this.in = in;
    }

    HttpResponse read() throws IOException {
        String statusLine = readLine(true);
        while (statusLine.isEmpty()) {
            statusLine = readLine(false);
        }
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP response: " + abbreviate(statusLine));
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("bad HTTP status line: " + abbreviate(statusLine), e);
        }
        long contentLength = -1;
        boolean chunked = false;
        boolean close = parts[0].equals("HTTP/1.0");
        for (String line = readLine(false); !line.isEmpty(); line = readLine(false)) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.contains("chunked");
                case "connection" -> close = value.contains("close") || (close && !value.contains("keep-alive"));
                default -> { }
            }
        }
        byte[] body;
        if (status == 204 || status == 304 || status / 100 == 1) {
            body = new byte[0];
        } else if (chunked) {
            body = readChunked();
        } else if (contentLength >= 0) {
            body = readExactly(contentLength);
        } else {
            body = readToEnd();
            close = true;
        }
        return new HttpResponse(status, body, close);
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(false);
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim();
            long size;
            try {
                size = Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size: " + abbreviate(sizeLine), e);
            }
            if (size == 0) {
                while (!readLine(false).isEmpty()) {
                    // trailer fields are ignored
                }
                return out.toByteArray();
            }
            if (out.size() + size > MAX_BODY) {
                throw new IOException("response body larger than " + MAX_BODY + " bytes");
            }
            out.write(readExactly(size));
            readLine(false);
        }
    }

    private byte[] readExactly(long length) throws IOException {
        if (length > MAX_BODY) {
            throw new IOException("response body larger than " + MAX_BODY + " bytes");
        }
        byte[] data = in.readNBytes((int) length);
        if (data.length != length) {
            throw new EOFException("connection closed after " + data.length + " of " + length + " body bytes");
        }
        return data;
    }

    private byte[] readToEnd() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (out.size() + n > MAX_BODY) {
                throw new IOException("response body larger than " + MAX_BODY + " bytes");
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** A CRLF- (or LF-) terminated line without its terminator. */
    private String readLine(boolean first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException(first && line.size() == 0
                        ? "connection closed by server before a response" : "connection closed mid-response");
            }
            if (b == '\n') {
                break;
            }
            if (line.size() >= MAX_LINE) {
                throw new IOException("HTTP header line longer than " + MAX_LINE + " bytes");
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}

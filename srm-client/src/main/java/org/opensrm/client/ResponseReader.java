package org.opensrm.client;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads HTTP/1.1 responses (Content-Length, chunked, or close-delimited bodies) off one connection's buffered
 * stream, skipping 1xx interim responses. Lines are bounded; so is the body.
 */
final class ResponseReader {
    private static final int MAX_LINE = 16 * 1024;
    private final InputStream in;
    private final long maxBody;
    private final StringBuilder line = new StringBuilder(128);

    ResponseReader(InputStream in, long maxBody) {
        this.in = in;
        this.maxBody = maxBody;
    }

    HttpgResponse read(boolean headRequest) throws IOException {
        while (true) {
            String statusLine = readLine(true);
            while (statusLine.isEmpty()) {
                statusLine = readLine(false);
            }
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP status line: " + abbreviate(statusLine));
            }
            int status;
            try {
                status = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IOException("bad HTTP status line: " + abbreviate(statusLine), e);
            }
            List<String> fields = new ArrayList<>(16);
            long length = -1;
            boolean chunked = false;
            boolean close = parts[0].equals("HTTP/1.0");
            for (String h = readLine(false); !h.isEmpty(); h = readLine(false)) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                String name = h.substring(0, colon).trim();
                String value = h.substring(colon + 1).trim();
                fields.add(name);
                fields.add(value);
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = parseLength(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                } else if (name.equalsIgnoreCase("Connection")) {
                    String v = value.toLowerCase(Locale.ROOT);
                    close = v.contains("close") || (close && !v.contains("keep-alive"));
                }
            }
            if (status >= 100 && status < 200) {
                continue;
            }
            byte[] body;
            if (headRequest || status == 204 || status == 304) {
                body = new byte[0];
            } else if (chunked) {
                body = readChunked();
            } else if (length >= 0) {
                body = readExactly(length);
            } else {
                body = readToEnd();
                close = true;
            }
            return new HttpgResponse(status, parts.length > 2 ? parts[2] : "", fields, body, close);
        }
    }

    private static long parseLength(String value) throws IOException {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IOException("bad Content-Length: " + abbreviate(value), e);
        }
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(false);
            int semicolon = sizeLine.indexOf(';');
            long size;
            try {
                size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size: " + abbreviate(sizeLine), e);
            }
            if (size == 0) {
                while (!readLine(false).isEmpty()) {
                    // trailer fields are ignored
                }
                return out.toByteArray();
            }
            if (out.size() + size > maxBody) {
                throw new IOException("answer larger than " + maxBody + " bytes");
            }
            out.write(readExactly(size));
            readLine(false);
        }
    }

    private byte[] readExactly(long length) throws IOException {
        if (length > maxBody) {
            throw new IOException("answer larger than " + maxBody + " bytes");
        }
        byte[] data = in.readNBytes((int) length);
        if (data.length != length) {
            throw new EOFException("body ended after " + data.length + " of " + length + " bytes");
        }
        return data;
    }

    private byte[] readToEnd() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (out.size() + n > maxBody) {
                throw new IOException("answer larger than " + maxBody + " bytes");
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** A CRLF- (or LF-) terminated line without its terminator, bytes read as ISO-8859-1. */
    private String readLine(boolean first) throws IOException {
        line.setLength(0);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException(first && line.length() == 0
                        ? "connection closed before a response" : "connection closed inside a response");
            }
            if (b == '\n') {
                break;
            }
            if (line.length() >= MAX_LINE) {
                throw new IOException("HTTP header line longer than " + MAX_LINE + " bytes");
            }
            line.append((char) b);
        }
        int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
        return line.substring(0, end);
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}

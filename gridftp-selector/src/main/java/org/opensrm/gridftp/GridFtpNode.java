package org.opensrm.gridftp;

import java.net.URI;
import java.util.Objects;

/** One GridFTP door, as configured: {@code gsiftp://host:port}. */
public record GridFtpNode(String host, int port) {
    public GridFtpNode {
        Objects.requireNonNull(host, "host");
        if (port <= 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** Parses {@code gsiftp://host[:port]} (port 2811 when absent). */
    public static GridFtpNode parse(String uri) {
        URI u = URI.create(uri.trim());
        if (!"gsiftp".equals(u.getScheme()) || u.getHost() == null) {
            throw new IllegalArgumentException("not a gsiftp://host:port URI: " + uri);
        }
        return new GridFtpNode(u.getHost(), u.getPort() < 0 ? 2811 : u.getPort());
    }

    /** The transfer URL of an absolute GridFTP path on this node. */
    public String turl(String absolutePath) {
        return "gsiftp://" + host + ":" + port + (absolutePath.startsWith("/") ? "" : "/") + absolutePath;
    }

    @Override
    public String toString() {
        return "gsiftp://" + host + ":" + port;
    }
}

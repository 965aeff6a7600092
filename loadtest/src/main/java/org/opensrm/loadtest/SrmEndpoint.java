package org.opensrm.loadtest;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where the SRM web service listens. {@code httpg://} (what gfal2 and ARC use) sends the GSI '0' byte after each
 * TLS handshake; {@code https://} does not.
 *
 * @param host        host name as written (also used for the server certificate's host-name check)
 * @param port        TCP port (default 8443)
 * @param path        HTTP request path (default {@code /srm/managerv2})
 * @param gsiByte     whether to send the one-byte GSI "no delegation" indicator after each handshake
 */
public record SrmEndpoint(String host, int port, String path, boolean gsiByte) {
    public static final int DEFAULT_PORT = 8443;
    public static final String DEFAULT_PATH = "/srm/managerv2";

    public static SrmEndpoint parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad endpoint URL " + url + ": " + e.getMessage(), e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("httpg") && !scheme.equals("https")) {
            throw new IllegalArgumentException("endpoint must be httpg://host:port/path or https://...: " + url);
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("endpoint has no host: " + url);
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? DEFAULT_PATH : uri.getRawPath();
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1)
                : uri.getHost();
        return new SrmEndpoint(host, port, path, scheme.equals("httpg"));
    }

    /** The value of the HTTP {@code Host} header. */
    public String hostHeader() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return (gsiByte ? "httpg" : "https") + "://" + hostHeader() + path;
    }
}

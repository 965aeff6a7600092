package org.opensrm.core.copy;

import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The GridFTP doors srmCopy may move data from or to: without this list the server would copy between any two
 * hosts a client names, an open relay. Patterns: {@code host} (any port), {@code host:port}, {@code *.domain} and
 * {@code *.domain:port} (any host under the domain), {@code [::1]:port} for IPv6 literals. Host names compare
 * case-insensitively and as written: no DNS lookup, so a name that resolves elsewhere later cannot widen the list.
 * A URL without a port means GridFTP's 2811. A bare {@code *} is refused: allowing every host is exactly what the
 * list is there to prevent. The default, {@link #NONE}, allows nothing.
 */
public final class CopyPeers {
    public static final int GRIDFTP_PORT = 2811;
    public static final CopyPeers NONE = new CopyPeers(List.of());

    private final List<Pattern> patterns;

    private CopyPeers(List<Pattern> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    /** @throws IllegalArgumentException naming the first pattern that does not parse */
    public static CopyPeers of(Collection<String> patterns) {
        return new CopyPeers(patterns.stream().map(CopyPeers::parse).toList());
    }

    /** Whether {@code url}'s host and port (2811 when absent) match a pattern. */
    public boolean allows(URI url) {
        String host = url.getHost();
        if (host == null) {
            return false;
        }
        host = unbracket(host.toLowerCase(Locale.ROOT));
        int port = url.getPort() < 0 ? GRIDFTP_PORT : url.getPort();
        for (Pattern p : patterns) {
            if (p.matches(host, port)) {
                return true;
            }
        }
        return false;
    }

    /** The patterns as given (normalised to lower case). */
    public List<String> patterns() {
        return patterns.stream().map(Pattern::toString).toList();
    }

    @Override
    public String toString() {
        return "CopyPeers" + patterns();
    }

    private static Pattern parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        String host = s;
        int port = -1;
        int colon = s.lastIndexOf(':');
        boolean ipv6 = s.startsWith("[");
        if (ipv6 ? s.contains("]:") : colon >= 0) {
            host = s.substring(0, colon);
            try {
                port = Integer.parseInt(s.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("copy peer '" + text + "': port is not a number");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("copy peer '" + text + "': port out of range");
            }
        }
        host = unbracket(host);
        if (host.isEmpty() || host.equals("*") || host.equals("*.")) {
            throw new IllegalArgumentException("copy peer '" + text + "': a host or *.domain is needed"
                    + " (allowing every host would make the server an open relay)");
        }
        if (host.indexOf('*', 1) >= 0 || host.startsWith("*") && !host.startsWith("*.")) {
            throw new IllegalArgumentException("copy peer '" + text + "': '*' only as a leading '*.'");
        }
        return new Pattern(host, port);
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private record Pattern(String host, int port) {
        boolean matches(String candidate, int candidatePort) {
            if (port >= 0 && port != candidatePort) {
                return false;
            }
            return host.startsWith("*.") ? candidate.endsWith(host.substring(1)) : candidate.equals(host);
        }

        @Override
        public String toString() {
            String h = host.contains(":") ? "[" + host + "]" : host;
            return port < 0 ? h : h + ":" + port;
        }
    }
}

package org.opensrm.gridftp;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One door, of any kind, as configured: a host and its endpoints, protocol → port, in configuration order. Most
 * doors have one endpoint ({@code gsiftp://host:port}, {@code https://host:port}, {@code root://host:port}); an
 * XRootD server speaking {@code root} and {@code https} on two ports is one door with two endpoints (one health,
 * one load). The first endpoint is the door's own: its {@link #port()} names the door ({@code host:port}, the
 * load-probe endpoint keys) and its protocol is the door's {@link #kind()}. The name is GridFTP's for history.
 *
 * @param host      the door's host
 * @param port      the port of the first endpoint
 * @param endpoints protocol → port, the first one's port being {@code port}
 */
public record GridFtpNode(String host, int port, Map<String, Integer> endpoints) {
    /** GridFTP. */
    public static final String GSIFTP = "gsiftp";
    /** HTTP over TLS (WebDAV; {@code davs} to gfal2). */
    public static final String HTTPS = "https";
    /** XRootD. */
    public static final String ROOT = "root";
    /** The kinds a door may serve, in the order a door list's help text gives them. */
    public static final Set<String> KINDS = Set.of(GSIFTP, HTTPS, ROOT);

    public GridFtpNode {
        Objects.requireNonNull(host, "host");
        requirePort(port);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("a door has at least one endpoint");
        }
        Map<String, Integer> copy = new LinkedHashMap<>();
        endpoints.forEach((kind, p) -> {
            if (!KINDS.contains(kind)) {
                throw new IllegalArgumentException("unknown door protocol '" + kind + "' (expected gsiftp, https or root)");
            }
            copy.put(kind, requirePort(p));
        });
        if (copy.values().iterator().next() != port) {
            throw new IllegalArgumentException("the door's port " + port + " is not its first endpoint's " + copy);
        }
        endpoints = Collections.unmodifiableMap(copy);
    }

    /** A GridFTP door, {@code gsiftp://host:port}. */
    public GridFtpNode(String host, int port) {
        this(host, port, Map.of(GSIFTP, port));
    }

    /** A door of one kind. */
    public static GridFtpNode of(String kind, String host, int port) {
        return new GridFtpNode(host, port, Map.of(kind, port));
    }

    /**
     * Parses a door: {@code gsiftp://host[:port]}, {@code https://host[:port]} ({@code davs://} too),
     * {@code root://host[:port]}, or several endpoints of one host joined by {@code |}, e.g.
     * {@code root://xrd1:1094|https://xrd1:8443}. Default ports: 2811, 443, 1094.
     */
    public static GridFtpNode parse(String text) {
        Map<String, Integer> endpoints = new LinkedHashMap<>();
        String host = null;
        for (String part : text.trim().split("\\|")) {
            URI u;
            try {
                u = URI.create(part.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not a door URI: " + part, e);
            }
            String kind = u.getScheme() == null ? "" : kindOf(u.getScheme());
            if (!KINDS.contains(kind) || u.getHost() == null) {
                throw new IllegalArgumentException("not a gsiftp://, https:// or root://host:port door: " + part);
            }
            if (host != null && !host.equalsIgnoreCase(u.getHost())) {
                throw new IllegalArgumentException("the endpoints of one door are on one host: " + text);
            }
            host = u.getHost();
            if (endpoints.put(kind, u.getPort() < 0 ? defaultPort(kind) : u.getPort()) != null) {
                throw new IllegalArgumentException("door " + text + " names " + kind + " twice");
            }
        }
        return new GridFtpNode(host, endpoints.values().iterator().next(), endpoints);
    }

    /** The door kind a protocol name means: {@code davs} is {@code https}; otherwise the name, lower case. */
    public static String kindOf(String protocol) {
        String p = protocol.trim().toLowerCase(Locale.ROOT);
        return p.equals("davs") ? HTTPS : p;
    }

    /** The port a door of this kind listens on when its URI names none. */
    public static int defaultPort(String kind) {
        switch (kind) {
            case GSIFTP:
                return 2811;
            case HTTPS:
                return 443;
            case ROOT:
                return 1094;
            default:
                throw new IllegalArgumentException("unknown door protocol " + kind);
        }
    }

    /** The protocol of the first endpoint: how the door is probed. */
    public String kind() {
        return endpoints.keySet().iterator().next();
    }

    /** The protocols the door serves, in configuration order. */
    public Set<String> protocols() {
        return endpoints.keySet();
    }

    public boolean serves(String protocol) {
        return endpoints.containsKey(protocol);
    }

    /** The port of one of the door's endpoints. */
    public int port(String protocol) {
        Integer p = endpoints.get(protocol);
        if (p == null) {
            throw new IllegalArgumentException(this + " does not serve " + protocol);
        }
        return p;
    }

    /** The transfer URL of an absolute path on the door's first endpoint. */
    public String turl(String absolutePath) {
        return kind() + "://" + host + ":" + port + (absolutePath.startsWith("/") ? "" : "/") + absolutePath;
    }

    /** {@code gsiftp://host:port}; endpoints joined by {@code |} for a door with several. */
    @Override
    public String toString() {
        return endpoints.entrySet().stream().map(e -> e.getKey() + "://" + host + ":" + e.getValue())
                .collect(Collectors.joining("|"));
    }

    private static int requirePort(int port) {
        if (port <= 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        return port;
    }
}

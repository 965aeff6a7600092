package org.opensrm.loadtest;

import java.util.Locale;

/** How a simulated client uses TLS connections. */
public enum ConnectionMode {
    /** One connection per client, reused for every request (HTTP/1.1 keep-alive), as gfal2 does within a session. */
    KEEPALIVE,
    /** A new TLS connection (full handshake, '0' byte) for every SOAP request, as one-shot command-line clients do. */
    NEW;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ConnectionMode fromLabel(String label) {
        for (ConnectionMode mode : values()) {
            if (mode.label().equalsIgnoreCase(label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown connection mode '" + label + "' (expected keepalive or new)");
    }
}

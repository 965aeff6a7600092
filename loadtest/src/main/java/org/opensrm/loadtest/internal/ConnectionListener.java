package org.opensrm.loadtest.internal;

/** Told about every connection a client opens, so that handshakes can be counted. */
@FunctionalInterface
public interface ConnectionListener {
    void connectionOpened();
}

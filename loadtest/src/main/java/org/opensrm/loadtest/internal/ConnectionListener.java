package org.opensrm.loadtest.internal;

/** Told about every connection a client opens or fails to open, so that handshakes and their failures can be counted. */
public interface ConnectionListener {
    /** @param longestAnswerNanos the longest the client took to answer one of the server's handshake flights */
    void connectionOpened(long longestAnswerNanos);

    /** A connection could not be set up. */
    default void connectFailed(ConnectFailure failure) {
    }
}

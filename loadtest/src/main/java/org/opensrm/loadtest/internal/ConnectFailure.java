package org.opensrm.loadtest.internal;

import java.io.IOException;

/** A connection that could not be set up, with why as the client saw it ({@link HandshakeTrace#reason}). */
public final class ConnectFailure extends IOException {
    private static final long serialVersionUID = 1L;
    private final String reason;
    private final long longestAnswerNanos;

    ConnectFailure(String reason, long longestAnswerNanos, IOException cause) {
        super(reason + ": " + cause.getMessage(), cause);
        this.reason = reason;
        this.longestAnswerNanos = longestAnswerNanos;
    }

    /** A stable phrase, one of a few, for counting. */
    public String reason() {
        return reason;
    }

    /** The longest the client took to answer one of the server's flights before the failure. */
    public long longestAnswerNanos() {
        return longestAnswerNanos;
    }
}

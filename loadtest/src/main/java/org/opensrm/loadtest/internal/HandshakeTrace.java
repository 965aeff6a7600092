package org.opensrm.loadtest.internal;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.function.LongSupplier;

import javax.net.ssl.SSLException;

/**
 * What one client saw of one connection's set-up, to tell who made it fail: when the TCP connection was up and
 * the client wrote its hello, when the server's bytes reached the client (the first read of a flight that
 * returned) and when the client answered (its next write). A healthy client answers a flight in milliseconds; when the load tester itself is short of CPU, the
 * answer (or the read, for a thread not scheduled) comes late, and the server's handshake deadline, which charges
 * the time it waits for the client, may cut it. Fed by {@link TracedSocket} from the connecting thread only.
 */
final class HandshakeTrace {
    /** A client that took at least this long to answer a flight of the server is counted as late. */
    static final long LATE_NANOS = 1_000_000_000L;

    private final LongSupplier nanoTime;
    private long connectedAt = -1;
    private long helloNanos = -1;
    private long serverBytesAt = -1;
    private long longestAnswerNanos;
    private boolean readSinceWrite;
    private long bytesRead;
    private volatile boolean finished;

    HandshakeTrace() {
        this(System::nanoTime);
    }

    HandshakeTrace(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** The TCP connection is up: from now on the client owes the server its hello. */
    void connected() {
        connectedAt = nanoTime.getAsLong();
    }

    /** The client read {@code n} bytes of the server's. */
    void read(int n) {
        if (finished || n <= 0) {
            return;
        }
        bytesRead += n;
        if (!readSinceWrite) {
            readSinceWrite = true;
            serverBytesAt = nanoTime.getAsLong();
        }
    }

    /** The client wrote: if it had read a flight since its last write, that flight is answered. */
    void wrote() {
        if (finished) {
            return;
        }
        if (helloNanos < 0 && connectedAt >= 0) {
            helloNanos = nanoTime.getAsLong() - connectedAt;
        }
        if (readSinceWrite) {
            longestAnswerNanos = Math.max(longestAnswerNanos, nanoTime.getAsLong() - serverBytesAt);
            readSinceWrite = false;
        }
    }

    /** The connection is set up; later reads and writes are requests, not part of the trace. */
    void finish() {
        finished = true;
    }

    /**
     * The longest the client took to send its next bytes when it owed them: its hello after the TCP connect, its
     * answer to each flight of the server's (from reading it), the one still owed up to now included.
     */
    long longestAnswerNanos() {
        long open = readSinceWrite ? nanoTime.getAsLong() - serverBytesAt : 0;
        long hello = helloNanos >= 0 ? helloNanos : connectedAt >= 0 && !finished ? nanoTime.getAsLong() - connectedAt : 0;
        return Math.max(Math.max(longestAnswerNanos, open), hello);
    }

    /**
     * Why the set-up failed, as the client can tell: a stable phrase for counting (the connect, the server's silence,
     * the server closing before its flight, after a late answer of the client's, or after a timely one).
     */
    String reason(IOException failure, boolean tcpConnected) {
        if (!tcpConnected) {
            return failure instanceof SocketTimeoutException ? "tcp connect timed out" : "tcp connect failed";
        }
        if (failure instanceof SocketTimeoutException) {
            return "no answer from the server within the client's timeout";
        }
        if (!closedByPeer(failure)) {
            return "handshake failed: " + failure.getClass().getSimpleName();
        }
        if (longestAnswerNanos() >= LATE_NANOS) {
            return "closed by the server after the client was late (>= 1 s) to send its hello or answer";
        }
        if (bytesRead == 0) {
            return "closed by the server before its first flight although the client sent its hello in time";
        }
        return "closed by the server although the client answered in time";
    }

    private static boolean closedByPeer(IOException e) {
        if (e instanceof EOFException || e instanceof SocketException) {
            return true; // end of stream, reset, broken pipe
        }
        if (e instanceof SSLException) {
            Throwable cause = e.getCause();
            String message = String.valueOf(e.getMessage());
            return cause instanceof SocketException || cause instanceof EOFException
                    || message.contains("terminated the handshake") || message.contains("closed")
                    || message.contains("Connection reset") || message.contains("Broken pipe");
        }
        return false;
    }
}

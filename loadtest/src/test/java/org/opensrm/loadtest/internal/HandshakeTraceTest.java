package org.opensrm.loadtest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;

import javax.net.ssl.SSLHandshakeException;

import org.junit.jupiter.api.Test;

/** Who made a connection's set-up fail, as the client tells it from its own reads and writes (an injected clock). */
class HandshakeTraceTest {
    private long now;
    private final HandshakeTrace trace = new HandshakeTrace(() -> now);

    @Test
    void aFailedTcpConnectIsTheConnects() {
        assertEquals("tcp connect failed", trace.reason(new ConnectException("refused"), false));
        assertEquals("tcp connect timed out", trace.reason(new SocketTimeoutException("connect"), false));
    }

    private static final String LATE = "closed by the server after the client was late (>= 1 s) to send its hello or answer";

    @Test
    void theServerClosingBeforeItsFlightIsNamedSo() {
        trace.connected();
        now += 3_000_000L;
        trace.wrote(); // ClientHello
        now += 20 * HandshakeTrace.LATE_NANOS;
        String before = "closed by the server before its first flight although the client sent its hello in time";
        assertEquals(before, trace.reason(new SSLHandshakeException("Remote host terminated the handshake"), true));
        assertEquals(before, trace.reason(new EOFException(), true));
    }

    @Test
    void aClientLateWithItsHelloIsLate() {
        trace.connected();
        now += HandshakeTrace.LATE_NANOS;
        trace.wrote();
        assertEquals(LATE, trace.reason(new EOFException(), true));
    }

    @Test
    void aHelloNeverWrittenIsLateOnceASecondHasPassed() {
        trace.connected();
        now += 2 * HandshakeTrace.LATE_NANOS;
        assertEquals(2 * HandshakeTrace.LATE_NANOS, trace.longestAnswerNanos());
        assertEquals(LATE, trace.reason(new SocketException("Connection reset"), true));
    }

    @Test
    void aClientThatAnswersTheFlightLateIsLate() {
        trace.wrote();
        now = 5_000_000L;
        trace.read(1500); // the server's flight
        now += 200_000_000L;
        trace.read(300); // the rest of it: the answer counts from the first byte
        now += HandshakeTrace.LATE_NANOS;
        trace.wrote(); // Certificate, CertificateVerify, Finished
        assertEquals(HandshakeTrace.LATE_NANOS + 200_000_000L, trace.longestAnswerNanos());
        assertEquals(LATE, trace.reason(new SocketException("Connection reset"), true));
    }

    @Test
    void aFlightStillUnansweredCountsUpToNow() {
        trace.wrote();
        trace.read(1500);
        now += 2 * HandshakeTrace.LATE_NANOS;
        assertEquals(2 * HandshakeTrace.LATE_NANOS, trace.longestAnswerNanos());
        assertEquals(LATE, trace.reason(new SocketException("Broken pipe"), true));
    }

    @Test
    void aTimelyAnswerLeavesTheServer() {
        trace.connected();
        trace.wrote();
        trace.read(1500);
        now += 3_000_000L;
        trace.wrote();
        now += 20 * HandshakeTrace.LATE_NANOS; // waiting for the server is not the client's lateness
        assertEquals("closed by the server although the client answered in time",
                trace.reason(new EOFException(), true));
        assertEquals("no answer from the server within the client's timeout",
                trace.reason(new SocketTimeoutException("Read timed out"), true));
    }

    @Test
    void otherHandshakeFailuresKeepTheirKind() {
        assertEquals("handshake failed: SSLHandshakeException",
                trace.reason(new SSLHandshakeException("PKIX path building failed"), true));
        IOException other = new IOException("odd");
        assertEquals("handshake failed: IOException", trace.reason(other, true));
    }

    @Test
    void readsAndWritesAfterTheSetUpAreNotTraced() {
        trace.wrote();
        trace.read(10);
        trace.wrote();
        trace.finish();
        trace.read(10);
        now += 5 * HandshakeTrace.LATE_NANOS;
        assertEquals(0, trace.longestAnswerNanos());
    }
}

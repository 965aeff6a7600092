package org.opensrm.gridftp.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.LoadSource;
import org.opensrm.gridftp.ProbeException;

/**
 * The contract every {@link LoadSource} keeps, one nested class per kind of answer. Bind it by implementing
 * {@link #source} (a source reading the given endpoint for door {@link #DOOR}), {@link #http()} (how the endpoint
 * speaks) and the answers in the source's own format. A source the door pushes its figures to (rather than one that
 * asks an endpoint) overrides {@link #serve} and {@link #silentEndpoint}: the door's "answer" is what it pushes.
 */
public abstract class LoadSourceContract {
    protected static final GridFtpNode DOOR = new GridFtpNode("localhost", 2811);
    protected static final Duration TIMEOUT = Duration.ofMillis(700);
    private final List<FakeEndpoint> endpoints = new ArrayList<>();

    /** A source reading {@code endpoint} for {@link #DOOR}, answers capped at 1 MiB (or what its transport carries). */
    protected abstract LoadSource source(String endpoint);

    /** Whether the endpoint is an HTTP server (else it writes its dump and closes). */
    protected abstract boolean http();

    /** An answer reporting 7 sessions, 5e8 bytes/s and a load average of 3 over 4 cores. */
    protected abstract String goodAnswer();

    /** A well-formed answer reporting {@code sessions} sessions (possibly negative or absurd). */
    protected abstract String answerWithSessions(String sessions);

    protected final FakeEndpoint endpoint(FakeEndpoint.Behaviour b, String body) throws IOException {
        FakeEndpoint e = new FakeEndpoint(http(), b, body);
        endpoints.add(e);
        return e;
    }

    /** Whether the source reports CPU load (else the good answer's load average is not asked for). */
    protected boolean reportsCpu() {
        return true;
    }

    /** A well-formed answer without any load figure. */
    protected String answerWithoutFigures() {
        return answerWithSessions("1").replace("gridftp_sessions", "something_else");
    }

    /**
     * Makes the door answer {@code body} as {@code b} says and returns the endpoint {@link #source} is given; by
     * default a {@link FakeEndpoint}.
     */
    protected String serve(FakeEndpoint.Behaviour b, String body) throws IOException {
        return endpoint(b, body).endpoint();
    }

    /** An endpoint that refuses, for the length of the test, given a loopback port bound but never listening. */
    protected String silentEndpoint(int heldPort) throws IOException {
        return FakeEndpoint.address(http(), heldPort);
    }

    @AfterEach
    void closeEndpoints() throws IOException {
        for (FakeEndpoint e : endpoints) {
            e.close();
        }
    }

    private LoadSample sample(FakeEndpoint.Behaviour b, String body) throws Exception {
        return source(serve(b, body)).sample(DOOR, TIMEOUT);
    }

    private ProbeException failure(FakeEndpoint.Behaviour b, String body) throws IOException {
        LoadSource s = source(serve(b, body));
        long t0 = System.nanoTime();
        ProbeException e = assertThrows(ProbeException.class, () -> s.sample(DOOR, TIMEOUT));
        assertTrue(System.nanoTime() - t0 < TIMEOUT.toNanos() * 10, "the probe ends near its timeout");
        return e;
    }

    @Nested
    class GoodAnswer {
        @Test
        void readsTheFigures() throws Exception {
            LoadSample s = sample(FakeEndpoint.Behaviour.ANSWER, goodAnswer());
            assertEquals(7, s.sessions(), 1e-9);
            assertEquals(5e8, s.bytesPerSecond(), 1e-3);
            if (reportsCpu()) {
                assertEquals(0.75, s.cpu(), 1e-9);
            }
        }
    }

    @Nested
    class HangingEndpoint {
        @Test
        void failsWithinTheTimeout() throws Exception {
            ProbeException e = failure(FakeEndpoint.Behaviour.HANG, "");
            assertTrue(e.getMessage().contains("did not answer within"), e.getMessage());
        }
    }

    @Nested
    class GarbageAnswer {
        @Test
        void binaryNoiseFails() throws Exception {
            failure(FakeEndpoint.Behaviour.ANSWER, "\u0001\u0002 <<<garbage>>> {{ ]] \n%%%% 12 12 12\n");
        }

        @Test
        void anAnswerWithoutLoadFiguresFails() throws Exception {
            failure(FakeEndpoint.Behaviour.ANSWER, answerWithoutFigures());
        }
    }

    @Nested
    class HugeAnswer {
        @Test
        void tenMegabytesFail() throws Exception {
            ProbeException e = failure(FakeEndpoint.Behaviour.HUGE, "");
            assertTrue(e.getMessage().contains("more than"), e.getMessage());
        }
    }

    @Nested
    class AbsurdFigures {
        @Test
        void negativeSessionsFail() throws Exception {
            ProbeException e = failure(FakeEndpoint.Behaviour.ANSWER, answerWithSessions("-3"));
            assertTrue(e.getMessage().contains("absurd"), e.getMessage());
        }

        @Test
        void absurdlyManySessionsFail() throws Exception {
            ProbeException e = failure(FakeEndpoint.Behaviour.ANSWER, answerWithSessions("1e12"));
            assertTrue(e.getMessage().contains("absurd"), e.getMessage());
        }
    }

    @Nested
    class ClosedPort {
        @Test
        void refusedConnectionFails() throws Exception {
            // A port bound but never listening: connections to it are refused, and no other process on the
            // machine can start a server on it while the test runs (a port merely closed again could be reused).
            try (Socket held = new Socket()) {
                held.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                LoadSource s = source(silentEndpoint(held.getLocalPort()));
                assertThrows(ProbeException.class, () -> s.sample(DOOR, TIMEOUT));
            }
        }
    }
}

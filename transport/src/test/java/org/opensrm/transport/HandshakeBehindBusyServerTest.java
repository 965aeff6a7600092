package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.TricklingPeers;

/**
 * Issue 21, point 6: the handshake deadline charges a connection for the time the server waited for its bytes, not
 * for the time its bytes waited for the server. Every pool thread is held by requests of connections that are
 * already clients (a servlet that blocks until the test lets it go), so that the handshake work of new connections
 * queues behind them for several deadlines. Honest handshakes that were queued complete once the pool is free,
 * none of them cut; a peer that sends nothing is cut at the deadline all the same, and one that trickles its
 * handshake is cut at the total limit ({@link TransportConfig#handshakeTotalTimeout()}) while the pool is held.
 * New connections beyond what the handshake gate admits (as many owed handshakes as the pool has threads) wait in
 * the accept queue and are served once the pool is free.
 */
@Timeout(120)
class HandshakeBehindBusyServerTest {
    private static final Duration DEADLINE = Duration.ofSeconds(2);
    private static final Duration TOTAL = Duration.ofSeconds(12);
    private static final int THREADS = 8;
    /** More blocking requests than pool threads: all threads held and some work queued. */
    private static final int HOLDS = THREADS + 2;
    private static final int HONEST = 3;
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static EchoSite site;
    static HttpgServer server;
    static final HoldingServlet servlet = new HoldingServlet();
    final ExecutorService threads = Executors.newCachedThreadPool();
    final List<GsiTestClient> clients = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        site = EchoSite.start(dir, "localhost", servlet, b -> b.idleTimeout(Duration.ofMinutes(5))
                .handshakeTimeout(DEADLINE).handshakeTotalTimeout(TOTAL).threadsMin(THREADS).threadsMax(THREADS)
                .acceptors(1).selectors(1));
        server = site.server;
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @AfterEach
    void release() throws Exception {
        servlet.open();
        threads.shutdownNow();
        synchronized (clients) {
            for (GsiTestClient c : clients) {
                c.close();
            }
        }
        assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS), "test threads still running");
    }

    @Test
    void honestHandshakesQueuedBehindBusyWorkAreNotCutButASilentPeerIs() throws Exception {
        long before = server.stats().handshakeTimeouts();
        List<GsiTestClient> holds = clientsPastTheirFirstRequest();
        List<GsiTestClient> honest = new ArrayList<>();
        for (int i = 0; i < HONEST; i++) {
            honest.add(track(site.client())); // TCP only: TLS starts once the pool is held
        }
        try (Socket silent = new Socket()) {
            silent.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
            site.awaitOpenConnections(HOLDS + HONEST + 1); // every deadline armed
            holdEveryThread(holds);
            long held = System.nanoTime();
            List<Future<Integer>> answers = new ArrayList<>();
            for (GsiTestClient c : honest) {
                answers.add(threads.submit(() -> {
                    c.socket().setSoTimeout((int) PATIENCE.toMillis());
                    c.handshake();
                    c.write("0");
                    return c.post("/srm/managerv2", "<honest/>").status();
                }));
            }
            silent.setSoTimeout((int) PATIENCE.toMillis());
            assertClosedByServer(silent);
            assertTrue(server.stats().queuedJobs() > 0, "the pool is still held when the silent peer is cut");
            // the honest handshakes wait behind the held pool for three deadlines, far less than the total
            while (System.nanoTime() - held < DEADLINE.multipliedBy(3).toNanos()) {
                assertTrue(answers.stream().noneMatch(Future::isDone), "an honest client finished while the pool"
                        + " was held: " + answers);
                Thread.sleep(50);
            }
            assertEquals(1, server.stats().handshakeTimeouts() - before, "only the silent peer was cut");
            servlet.open();
            for (Future<Integer> answer : answers) {
                assertEquals(200, answer.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
            }
            for (GsiTestClient c : holds) {
                assertEquals(200, c.readResponse().status());
            }
        }
        assertEquals(1, server.stats().handshakeTimeouts() - before, "no honest handshake was cut");
    }

    /**
     * Twice as many new clients as the pool has threads connect while the pool is held: the acceptor takes as many
     * as the gate admits (one per pool thread) and leaves the rest in the kernel's accept queue, then takes them
     * as the first ones finish; every one is served, none is cut.
     */
    @Test
    void moreNewClientsThanTheGateAdmitsAreAllServedOnceThePoolIsFree() throws Exception {
        long before = server.stats().handshakeTimeouts();
        List<GsiTestClient> holds = clientsPastTheirFirstRequest();
        holdEveryThread(holds);
        long held = System.nanoTime();
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 2 * THREADS; i++) {
            answers.add(threads.submit(() -> {
                GsiTestClient c = track(site.client());
                c.socket().setSoTimeout((int) PATIENCE.toMillis());
                c.handshake();
                c.write("0");
                return c.post("/srm/managerv2", "<new/>").status();
            }));
        }
        while (System.nanoTime() - held < DEADLINE.multipliedBy(2).toNanos()) {
            assertTrue(answers.stream().noneMatch(Future::isDone), "a new client finished while the pool was held");
            Thread.sleep(50);
        }
        servlet.open();
        for (Future<Integer> answer : answers) {
            assertEquals(200, answer.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        }
        for (GsiTestClient c : holds) {
            assertEquals(200, c.readResponse().status());
        }
        assertEquals(0, server.stats().handshakeTimeouts() - before, "no handshake was cut");
    }

    @Test
    void aTricklingPeerWhoseBytesWaitForTheBusyServerIsCutAtTheTotal() throws Exception {
        long before = server.stats().handshakeTimeouts();
        List<GsiTestClient> holds = clientsPastTheirFirstRequest();
        long start = System.nanoTime();
        try (TricklingPeers peer = TricklingPeers.start(InetAddress.getLoopbackAddress(),
                InetAddress.getLoopbackAddress(), server.port(), 1, Duration.ofMillis(100), PATIENCE)) {
            site.awaitOpenConnections(HOLDS + 1);
            holdEveryThread(holds);
            assertTrue(peer.awaitClosedByServer(1, PATIENCE), "the trickling peer is still open");
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(server.stats().queuedJobs() > 0, "the pool is still held when the trickling peer is cut");
            assertTrue(tookMillis < TOTAL.toMillis() + 5_000, "cut after " + tookMillis + " ms");
        }
        assertEquals(1, server.stats().handshakeTimeouts() - before);
        servlet.open();
        for (GsiTestClient c : holds) {
            assertEquals(200, c.readResponse().status());
        }
    }

    /** Connections that have made their first request (no deadline left), ready to send a blocking one. */
    private List<GsiTestClient> clientsPastTheirFirstRequest() throws Exception {
        servlet.close();
        List<GsiTestClient> holds = new ArrayList<>();
        for (int i = 0; i < HOLDS; i++) {
            GsiTestClient c = track(site.client());
            c.socket().setSoTimeout((int) PATIENCE.toMillis());
            c.handshake();
            c.write("0");
            assertEquals(200, c.post("/srm/managerv2", "<hello/>").status());
            holds.add(c);
        }
        return holds;
    }

    /** Sends the blocking request on every hold connection and waits until work queues for a thread. */
    private static void holdEveryThread(List<GsiTestClient> holds) throws Exception {
        byte[] body = "hold".getBytes(StandardCharsets.UTF_8);
        for (GsiTestClient c : holds) {
            c.write("POST /srm/managerv2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + body.length + "\r\n\r\n"
                    + "hold");
        }
        while (server.stats().queuedJobs() == 0 || servlet.holding() < THREADS / 2) {
            Thread.sleep(10); // the class timeout bounds the wait
        }
    }

    private GsiTestClient track(GsiTestClient c) {
        synchronized (clients) {
            clients.add(c);
        }
        return c;
    }

    private static void assertClosedByServer(Socket s) throws IOException {
        try {
            assertEquals(-1, s.getInputStream().read(), "expected the server to close the connection");
        } catch (SocketTimeoutException e) {
            fail("the server kept a silent connection open for " + PATIENCE);
        } catch (IOException e) {
            // reset: closed by the server as well
        }
    }

    /** Answers "ok"; a request whose body is {@code hold} waits until the gate opens. */
    static final class HoldingServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private transient volatile CountDownLatch gate = new CountDownLatch(0);
        private final transient java.util.concurrent.atomic.AtomicInteger holding =
                new java.util.concurrent.atomic.AtomicInteger();

        void close() {
            gate = new CountDownLatch(1);
        }

        void open() {
            gate.countDown();
        }

        int holding() {
            return holding.get();
        }

        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (body.equals("hold")) {
                holding.incrementAndGet();
                try {
                    gate.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    holding.decrementAndGet();
                }
            }
            byte[] bytes = "ok".getBytes(StandardCharsets.UTF_8);
            response.setContentType("text/plain");
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }
    }
}

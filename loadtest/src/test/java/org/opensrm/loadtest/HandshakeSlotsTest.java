package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.loadtest.internal.ConnectFailure;
import org.opensrm.loadtest.internal.HttpgConnector;

/**
 * {@code --max-handshakes}: the load tester sets up at most that many connections at once; a client beyond waits
 * for a slot before it even connects, and gets one as soon as a set-up ends (here: the server closes one).
 */
@Timeout(60)
class HandshakeSlotsTest {
    @TempDir
    Path dir;

    @Test
    void aClientBeyondTheBoundConnectsOnlyWhenASlotFrees() throws Exception {
        TestPki pki = new TestPki(dir);
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        List<String> failures = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // never answers: each handshake holds its slot
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            HttpgConnector connector = HttpgConnector.fromConfig(LoadTestConfig.builder()
                    .endpoint(SrmEndpoint.parse("httpg://localhost:" + silent.getLocalPort() + "/srm/managerv2"))
                    .proxyFile(pki.proxyFile).caDir(pki.trustDir()).operation(Operation.PING)
                    .requestTimeout(Duration.ofSeconds(50)).maxHandshakes(2).build());
            Thread[] clients = new Thread[3];
            for (int i = 0; i < clients.length; i++) {
                clients[i] = new Thread(() -> {
                    try {
                        connector.open().close();
                    } catch (ConnectFailure e) {
                        failures.add(e.reason());
                    }
                });
                clients[i].setDaemon(true);
                clients[i].start();
            }
            waitFor(() -> accepted.size() == 2, "two connections accepted");
            waitFor(() -> waitingForASlot(clients) == 1, "the third client waits for a slot");
            assertEquals(2, accepted.size(), "the third has not connected");

            accepted.get(0).close(); // the server ends one set-up: its slot goes to the third client
            waitFor(() -> accepted.size() == 3, "the third client connected");
            waitFor(() -> failures.size() == 1, "the closed one failed");
            assertTrue(failures.get(0).startsWith("closed by the server"), failures.toString());
            for (Socket s : accepted) {
                s.close();
            }
            for (Thread t : clients) {
                t.join(30_000);
            }
            assertEquals(3, failures.size(), failures.toString());
        }
    }

    private static int waitingForASlot(Thread[] clients) {
        int n = 0;
        for (Thread t : clients) {
            if (t.getState() == Thread.State.WAITING) { // parked on the slots (a socket read is RUNNABLE)
                n++;
            }
        }
        return n;
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - end < 0, "timed out waiting: " + what);
            Thread.sleep(10);
        }
    }
}

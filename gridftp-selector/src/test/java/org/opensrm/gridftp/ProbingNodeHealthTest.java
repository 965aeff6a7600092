package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.TestGrid;

@Tag("integration")
class ProbingNodeHealthTest {
    private static final Duration INTERVAL = Duration.ofMillis(200);
    private static final Duration TIMEOUT = Duration.ofMillis(200);
    /**
     * globus-gridftp-server forks and execs a session process before it greets: 25-90 ms when idle, but more than
     * 200 ms on a busy 2-core build machine. Probes of the real server get a realistic timeout.
     */
    private static final Duration REAL_TIMEOUT = Duration.ofSeconds(3);

    @TempDir
    static Path tmp;
    static GridFtpServerProcess gridftp;
    static GridFtpNode real;

    @BeforeAll
    static void startGridFtp() throws IOException {
        gridftp = GridFtpServerProcess.start(TestGrid.create(tmp).gridFtpServer("probe").build());
        real = GridFtpNode.parse(gridftp.node());
    }

    @AfterAll
    static void stopGridFtp() {
        if (gridftp != null) {
            gridftp.close();
        }
    }

    private static ProbingNodeHealth health(GridFtpNode... nodes) {
        return health(TIMEOUT, nodes);
    }

    private static ProbingNodeHealth health(Duration timeout, GridFtpNode... nodes) {
        Duration interval = timeout.compareTo(INTERVAL) > 0 ? timeout : INTERVAL;
        return new ProbingNodeHealth(SelectorConfig.builder().nodes(java.util.List.of(nodes))
                .probeInterval(interval).connectTimeout(timeout).build());
    }

    private static void awaitRounds(ProbingNodeHealth h, long rounds) {
        await(() -> h.completedRounds() >= rounds, "probe rounds " + rounds);
    }

    private static void await(BooleanSupplier condition, String what) {
        Await.until(condition, what, Duration.ofSeconds(15));
    }

    @Test
    void realGlobusGridFtpServerIsUp() {
        try (ProbingNodeHealth h = health(REAL_TIMEOUT, real).start()) {
            awaitRounds(h, 1);
            assertTrue(h.isUp(real));
            assertTrue(h.status(real).probed());
            assertTrue(h.status(real).detail().startsWith("220"), h.status(real).detail());
        }
    }

    @Test
    void closedPortIsDown() throws IOException {
        GridFtpNode closed = new GridFtpNode("localhost", FakeFtpServer.closedPort());
        try (ProbingNodeHealth h = health(REAL_TIMEOUT, real, closed).start()) {
            awaitRounds(h, 1);
            assertFalse(h.isUp(closed), h.status(closed).detail());
            assertTrue(h.isUp(real));
        }
    }

    @Test
    void nodeAssumedUpUntilFirstProbe() throws IOException {
        GridFtpNode closed = new GridFtpNode("localhost", FakeFtpServer.closedPort());
        try (ProbingNodeHealth h = health(closed)) {
            assertTrue(h.isUp(closed), "not probed yet: assumed up");
            assertFalse(h.status(closed).probed());
            assertNull(h.status(closed).checkedAt());
            h.start();
            await(() -> !h.isUp(closed), "first probe marks it down");
        }
    }

    @Test
    void silentServerIsDownAfterTimeoutAndIsUpAnswersFromMemory() throws IOException {
        try (FakeFtpServer silent = new FakeFtpServer(null);
             ProbingNodeHealth h = health(Duration.ofSeconds(1), silent.node()).start()) {
            long worst = 0;
            for (int i = 0; i < 2_000; i++) {
                long t0 = System.nanoTime();
                h.isUp(silent.node());
                worst = Math.max(worst, System.nanoTime() - t0);
            }
            assertTrue(worst < Duration.ofMillis(500).toNanos(), "isUp never waits for a probe: " + worst + " ns");
            awaitRounds(h, 1);
            assertFalse(h.isUp(silent.node()));
            assertTrue(h.status(silent.node()).detail().contains("timed out"), h.status(silent.node()).detail());
        }
    }

    @Test
    void nonGreetingReplyIsDown() throws IOException {
        try (FakeFtpServer busy = new FakeFtpServer("421 Service busy, closing control connection.");
             ProbingNodeHealth h = health(busy.node()).start()) {
            awaitRounds(h, 1);
            assertFalse(h.isUp(busy.node()));
            assertTrue(h.status(busy.node()).detail().contains("421"), h.status(busy.node()).detail());
        }
    }

    @Test
    void followsNodeGoingDownAndComingBack() throws IOException {
        FakeFtpServer fake = new FakeFtpServer("220 fake GridFTP ready.");
        GridFtpNode node = fake.node();
        try (ProbingNodeHealth h = health(node).start()) {
            awaitRounds(h, 1);
            assertTrue(h.isUp(node));
            fake.close();
            await(() -> !h.isUp(node), "node seen down");
            fake = new FakeFtpServer("220 fake GridFTP ready again.", node.port());
            await(() -> h.isUp(node), "node seen up again");
        } finally {
            fake.close();
        }
    }

    @Test
    void closeStopsProbing() throws InterruptedException {
        ProbingNodeHealth h = health(real).start();
        awaitRounds(h, 2);
        h.close();
        // An absence is shown over a window of time, not by a condition: a probe already under way may end
        // within one timeout, after which four intervals must pass with no round at all.
        Thread.sleep(TIMEOUT.toMillis() + 100);
        long rounds = h.completedRounds();
        Thread.sleep(INTERVAL.toMillis() * 4);
        assertEquals(rounds, h.completedRounds(), "no probe after close");
    }

    /**
     * A real door SIGKILLed between rounds (an hour apart): {@code recheck} finds it down at once, in the caller's
     * thread, and the round-robin selector over the health then chooses only the live door.
     */
    @Test
    void recheckFindsAKilledDoorDownAtOnce() throws IOException {
        GridFtpServerProcess doomed = GridFtpServerProcess.start(TestGrid.create(tmp.resolve("doomed"))
                .gridFtpServer("doomed").build());
        GridFtpNode dead = GridFtpNode.parse(doomed.node());
        try (ProbingNodeHealth h = new ProbingNodeHealth(SelectorConfig.builder()
                .nodes(java.util.List.of(real, dead)).probeInterval(Duration.ofHours(1)).connectTimeout(REAL_TIMEOUT)
                .build()).start()) {
            awaitRounds(h, 1);
            assertTrue(h.isUp(dead), h.status(dead).detail());
            doomed.kill();
            assertTrue(h.isUp(dead), "the background probe has not looked since");
            h.recheck(dead);
            assertFalse(h.isUp(dead), h.status(dead).detail());
            h.recheck(real);
            assertTrue(h.isUp(real), h.status(real).detail());
            GridFtpSelector roundRobin = GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN,
                    java.util.List.of(real, dead), h);
            for (int i = 0; i < 4; i++) {
                assertEquals(real, roundRobin.select());
            }
            assertEquals(1, h.completedRounds(), "no background round ran meanwhile");
        } catch (org.opensrm.common.SrmException e) {
            throw new AssertionError(e);
        } finally {
            doomed.close();
        }
    }
}

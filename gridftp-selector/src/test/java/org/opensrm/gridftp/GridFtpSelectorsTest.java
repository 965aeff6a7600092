package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.TestGrid;

/** The factory's selector with its own prober, against a real GridFTP server and a dead port. */
class GridFtpSelectorsTest {
    @TempDir
    Path tmp;

    @Test
    void routesAroundDeadNodeAndFailsWhenAllAreDown() throws Exception {
        GridFtpNode dead = new GridFtpNode("localhost", FakeFtpServer.closedPort());
        try (GridFtpServerProcess gridftp = GridFtpServerProcess.start(TestGrid.create(tmp).gridFtpServer("f").build())) {
            GridFtpNode live = GridFtpNode.parse(gridftp.node());
            SelectorConfig config = SelectorConfig.builder().node(dead).node(live.toString())
                    .policy(SelectionPolicy.parse("roundrobin"))
                    .probeInterval(Duration.ofSeconds(2)).connectTimeout(Duration.ofSeconds(2)).build();
            try (GridFtpSelector selector = GridFtpSelectors.create(config)) {
                awaitOnly(selector, live);
                for (int i = 0; i < 20; i++) {
                    assertEquals(live, selector.select());
                }
                gridftp.close();
                SrmException e = awaitFailure(selector);
                assertEquals(SrmStatus.SRM_FAILURE, e.status());
                assertTrue(e.getMessage().contains("no GridFTP node is reachable"), e.getMessage());
            }
        }
    }

    private static void awaitOnly(GridFtpSelector selector, GridFtpNode expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int inARow = 0;
        while (inARow < 10) {
            assertTrue(System.nanoTime() < deadline, "dead node still selected");
            inARow = selector.select().equals(expected) ? inARow + 1 : 0;
            Thread.sleep(5);
        }
    }

    private static SrmException awaitFailure(GridFtpSelector selector) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                selector.select();
            } catch (SrmException e) {
                return e;
            }
            Thread.sleep(20);
        }
        return assertThrows(SrmException.class, selector::select);
    }

    @Test
    void policiesByName() {
        assertEquals(SelectionPolicy.RANDOM, SelectionPolicy.parse(" Random "));
        assertEquals(SelectionPolicy.ROUND_ROBIN, SelectionPolicy.parse("round-robin"));
        assertEquals(SelectionPolicy.ROUND_ROBIN, SelectionPolicy.parse("ROUND_ROBIN"));
        assertThrows(IllegalArgumentException.class, () -> SelectionPolicy.parse("least-loaded"));
    }

    @Test
    void configDefaultsAndValidation() throws IOException {
        SelectorConfig c = SelectorConfig.builder().node("gsiftp://a.example.org").build();
        assertEquals(new GridFtpNode("a.example.org", 2811), c.nodes().get(0));
        assertEquals(SelectionPolicy.ROUND_ROBIN, c.policy());
        assertEquals(Duration.ofSeconds(10), c.probeInterval());
        assertEquals(Duration.ofSeconds(2), c.connectTimeout());

        assertThrows(IllegalArgumentException.class, () -> SelectorConfig.builder().build());
        assertThrows(IllegalArgumentException.class,
                () -> SelectorConfig.builder().node("gsiftp://a:1").node("gsiftp://a:1").build());
        assertThrows(IllegalArgumentException.class,
                () -> SelectorConfig.builder().node("gsiftp://a:1").probeInterval(Duration.ZERO).build());
        assertThrows(IllegalArgumentException.class, () -> SelectorConfig.builder().node("gsiftp://a:1")
                .probeInterval(Duration.ofSeconds(1)).connectTimeout(Duration.ofSeconds(5)).build());
        assertThrows(IllegalArgumentException.class, () -> SelectorConfig.builder().node("http://a:1"));
    }
}

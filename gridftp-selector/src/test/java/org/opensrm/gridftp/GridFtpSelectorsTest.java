package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.TestGrid;

/** The factory's selector with its own prober, against a real GridFTP server and a dead port. */
@Tag("integration")
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
        assertEquals(SelectionPolicy.LOAD_PROBE, SelectionPolicy.parse("loadprobe"));
        assertEquals(SelectionPolicy.LOAD_PROBE, SelectionPolicy.parse("Load-Probe"));
        assertThrows(IllegalArgumentException.class, () -> SelectionPolicy.parse("least-loaded"));
    }

    @Test
    void loadProbeConfigDefaultsAndValidation() {
        LoadProbeConfig d = LoadProbeConfig.defaults();
        assertEquals(LoadProbeConfig.Source.BANNER, d.source());
        assertEquals(100, d.sessionsMax());
        assertEquals(3, d.staleIntervals());
        assertEquals(6, d.deadIntervals());
        assertEquals(0.10, d.nearTie());
        GridFtpNode door = new GridFtpNode("door1.example.org", 2812);
        LoadProbeConfig t = LoadProbeConfig.builder().source(LoadProbeConfig.Source.PROMETHEUS)
                .endpoint("http://{host}:9811/metrics?door={port}").build();
        assertEquals(java.util.List.of("http://door1.example.org:9811/metrics?door=2812"), t.endpointsOf(door));

        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().weights(0, 0, 0).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().weights(-1, 1, 1).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().weights(Double.NaN, 1, 1).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().staleIntervals(3).deadIntervals(3).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().nearTie(1.5).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.builder().maxAnswerBytes(10).build());
        assertThrows(IllegalArgumentException.class,
                () -> LoadProbeConfig.builder().source(LoadProbeConfig.Source.GMOND).build());
        assertThrows(IllegalArgumentException.class, () -> LoadProbeConfig.Source.parse("nagios"));

        // endpoints are checked against the doors when the policy is loadprobe
        SelectorConfig.Builder gmondUrl = SelectorConfig.builder().node(door).policy(SelectionPolicy.LOAD_PROBE)
                .loadProbe(LoadProbeConfig.builder().source(LoadProbeConfig.Source.GMOND).endpoint("http://{host}/").build());
        assertThrows(IllegalArgumentException.class, gmondUrl::build);
        SelectorConfig.Builder strangerDoor = SelectorConfig.builder().node(door).policy(SelectionPolicy.LOAD_PROBE)
                .loadProbe(LoadProbeConfig.builder().source(LoadProbeConfig.Source.PROMETHEUS)
                        .endpoint("http://{host}:9811/metrics")
                        .doorEndpoints(new GridFtpNode("other.example.org", 2811), java.util.List.of("http://o/")).build());
        assertThrows(IllegalArgumentException.class, strangerDoor::build);
        SelectorConfig ok = SelectorConfig.builder().node(door).policy(SelectionPolicy.LOAD_PROBE)
                .loadProbe(LoadProbeConfig.builder().source(LoadProbeConfig.Source.GMOND).endpoint("{host}:8649").build())
                .build();
        assertEquals(java.util.List.of("door1.example.org:8649"), ok.loadProbe().endpointsOf(door));
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

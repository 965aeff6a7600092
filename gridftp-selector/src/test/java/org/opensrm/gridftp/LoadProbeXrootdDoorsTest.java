package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.gridftp.internal.XrootdSummaryReceiver;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * Two real xrootd doors reporting to the load-probe selector's receiver (the selector as
 * {@code gridftp.loadprobe.source=xrootd-summary} assembles it: summary reports for load, the XRootD handshake for
 * liveness): while real concurrent xrdcp downloads load one door, new selections go to the idle one; once the
 * downloads end both are chosen again; the idle door stopped, its handshake fails and every selection goes to the
 * other.
 */
@Tag("integration")
class LoadProbeXrootdDoorsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int SELECTIONS = 200;

    @Test
    void newSelectionsGoToTheIdleDoorWhileTheOtherIsLoaded() throws Exception {
        XrootdSummaryReceiver receiver = new XrootdSummaryReceiver("127.0.0.1", 0, 1 << 16, System::nanoTime);
        XrootdSummarySource source = new XrootdSummarySource(receiver, Duration.ofSeconds(5));
        int reportPort = receiver.port();
        try (XrootdDoor busy = XrootdDoor.start("busy", receiver.address());
             XrootdDoor idle = XrootdDoor.start("idle", receiver.address())) {
            SelectorConfig config = SelectorConfig.builder().nodes(List.of(busy.node(), idle.node()))
                    .policy(SelectionPolicy.LOAD_PROBE).probeInterval(Duration.ofSeconds(1))
                    .connectTimeout(Duration.ofSeconds(1))
                    .loadProbe(LoadProbeConfig.builder().source(LoadProbeConfig.Source.XROOTD_SUMMARY).sessionsMax(4)
                            .linkBytesPerSecond(1e8).weights(1, 1, 0).build())
                    .build();
            busy.file("big", 1L << 30);
            try (GridFtpSelector selector = XrootdLoadProbe.create(config, source)) {
                Await.until(() -> allUp(selector), "both doors up with figures", LIMIT);

                try (XrdcpLoad load = new XrdcpLoad(busy.url("big"), 3, "20m", LIMIT.toMillis())) {
                    Await.until(() -> load(selector, busy) > 0.3 && load(selector, idle) < 0.05,
                            "the loaded door's figure to rise", LIMIT);
                    Map<GridFtpNode, Long> chosen = select(selector);
                    assertEquals(SELECTIONS, chosen.getOrDefault(idle.node(), 0L),
                            "every new selection goes to the idle door: " + chosen + " " + selector.doorLoads());
                    assertEquals(0, load.failed(), "every download worked");
                }

                Await.until(() -> Math.abs(load(selector, busy) - load(selector, idle)) < 0.004,
                        "the door's figure to fall to the idle one's after the downloads", LIMIT);
                Map<GridFtpNode, Long> chosen = select(selector);
                assertTrue(chosen.getOrDefault(busy.node(), 0L) > SELECTIONS / 5
                        && chosen.getOrDefault(idle.node(), 0L) > SELECTIONS / 5,
                        "two idle doors share the selections: " + chosen);

                idle.close();
                Await.until(() -> state(selector, idle) == DoorState.DEAD, "the stopped door to be dead", LIMIT);
                assertEquals(Map.of(busy.node(), (long) SELECTIONS), select(selector));
            }
        }
        assertTrue(portFree(reportPort), "closing the selector closed its receiver");
    }

    private static boolean allUp(GridFtpSelector s) {
        return s.doorLoads().stream().allMatch(d -> d.state() == DoorState.UP);
    }

    private static DoorLoad of(GridFtpSelector s, XrootdDoor door) {
        return s.doorLoads().stream().filter(d -> d.node().equals(door.node())).findFirst().orElseThrow();
    }

    private static double load(GridFtpSelector s, XrootdDoor door) {
        DoorLoad d = of(s, door);
        return d.state() == DoorState.UP || d.state() == DoorState.FULL ? d.load() : Double.NaN;
    }

    private static DoorState state(GridFtpSelector s, XrootdDoor door) {
        return of(s, door).state();
    }

    private static Map<GridFtpNode, Long> select(GridFtpSelector s) throws SrmException {
        List<GridFtpNode> picks = new java.util.ArrayList<>();
        for (int i = 0; i < SELECTIONS; i++) {
            picks.add(s.select());
        }
        return picks.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    private static boolean portFree(int port) {
        try (java.net.DatagramSocket again = new java.net.DatagramSocket(port,
                java.net.InetAddress.getLoopbackAddress())) {
            return again.getLocalPort() == port;
        } catch (java.net.SocketException e) {
            return false;
        }
    }
}

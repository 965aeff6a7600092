package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.gridftp.internal.LoadFigure;
import org.opensrm.gridftp.internal.XrootdSummaryReceiver;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * A real xrootd door ({@code xrd.report} to the receiver every second): idle, its figure is 0; real xrdcp downloads
 * raise its live connections and throughput, and so the load figure; once they end, the figure falls back to 0; once
 * the door is stopped its figures go stale and the source says so.
 */
@Tag("integration")
class XrootdSummaryRealDoorTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** Small capacities, so that three loopback downloads make a plain difference. */
    private static final LoadProbeConfig FIGURE = LoadProbeConfig.builder()
            .source(LoadProbeConfig.Source.XROOTD_SUMMARY).sessionsMax(4).linkBytesPerSecond(1e8).build();

    @Test
    void theFigureRisesWithRealTransfersAndFallsWhenTheyEnd() throws Exception {
        try (XrootdSummaryReceiver receiver = new XrootdSummaryReceiver("127.0.0.1", 0, 1 << 16, System::nanoTime);
             XrootdDoor door = XrootdDoor.start("figure", receiver.address())) {
            XrootdSummarySource source = new XrootdSummarySource(receiver, Duration.ofSeconds(3));
            door.file("big", 1L << 30);
            AtomicReference<LoadSample> last = new AtomicReference<>();
            Await.until(() -> figure(source, door, last) < 0.01, "an idle figure", LIMIT);
            assertEquals(0, last.get().sessions());

            try (XrdcpLoad load = new XrdcpLoad(door.url("big"), 3, "20m", LIMIT.toMillis())) {
                try {
                    Await.until(() -> figure(source, door, last) > 0.3 && last.get().sessions() >= 2,
                            "the figure to rise with three downloads", LIMIT);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; last sample " + last + ", downloads finished "
                            + load.finished() + ", failed " + load.failed() + "; door log: " + door.log(), e);
                }
                assertTrue(last.get().bytesPerSecond() > 1e6, "throughput read from the byte counters: " + last);
                assertEquals(0, load.failed(), "every download worked");
            }
            Await.until(() -> figure(source, door, last) < 0.01, "the figure to fall after the downloads", LIMIT);
            assertEquals(0, last.get().sessions());
            assertEquals(0, last.get().bytesPerSecond(), 1e-9);

            door.close();
            AtomicReference<String> why = new AtomicReference<>("");
            Await.until(() -> {
                try {
                    source.sample(door.node(), TIMEOUT);
                    return false;
                } catch (ProbeException e) {
                    why.set(e.getMessage());
                    return true;
                }
            }, "the stopped door's figures to go stale", LIMIT);
            assertTrue(why.get().contains("max age"), why.get());
        }
    }

    private static double figure(XrootdSummarySource source, XrootdDoor door, AtomicReference<LoadSample> last) {
        try {
            LoadSample s = source.sample(door.node(), TIMEOUT);
            last.set(s);
            return Double.isNaN(s.bytesPerSecond()) ? Double.NaN : LoadFigure.of(s, FIGURE).load();
        } catch (ProbeException e) {
            return Double.NaN;
        }
    }
}

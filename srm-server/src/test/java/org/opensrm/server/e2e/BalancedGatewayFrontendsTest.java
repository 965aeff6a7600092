package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Tag;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.NoProcessLeftBehind;

/**
 * Two gateway-mode frontends (no request state; signed tokens) behind a real HAProxy with the health check of
 * {@code conf/haproxy.cfg}: gfal2 uploads, lists and downloads through the balancer, and keeps doing so right after
 * one frontend stopped (HAProxy redispatches the refused connections) and once it was taken out.
 */
@Timeout(300)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class BalancedGatewayFrontendsTest {
    private static final Duration DETECTION = Duration.ofSeconds(15);

    static E2eSite site;
    static BalancedFrontends lb;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("metrics.port", "0"));
        lb = BalancedFrontends.start(site, Map.of());
        lb.haproxy().awaitState(BalancedFrontends.A, "UP", DETECTION);
        lb.haproxy().awaitState(BalancedFrontends.B, "UP", DETECTION);
    }

    @AfterAll
    static void stop() throws Exception {
        if (lb != null) {
            lb.close();
        }
        if (site != null) {
            site.close();
        }
    }

    @Test
    void gfalIsServedThroughTheBalancerBeforeAndAfterAFrontendStops() throws Exception {
        roundTrip("before", 81);

        lb.stopB();
        ClientRun atOnce = site.clients(site.alice()).gfal("gfal-ls", lb.surl("/alice"));
        assertTrue(atOnce.ok(), "right after the stop: " + atOnce.describe());
        Duration out = lb.haproxy().awaitState(BalancedFrontends.B, "DOWN", DETECTION);
        System.out.printf("BalancedGatewayFrontendsTest: frontend b taken out %d ms after it stopped%n",
                out.toMillis());
        roundTrip("after", 84);
    }

    /** Upload, list and download through the balancer; twice, so that both frontends get calls while both are up. */
    private static void roundTrip(String name, long seed) throws Exception {
        for (int i = 0; i < 2; i++) {
            String path = "/alice/" + name + i + ".bin";
            Path source = OnDisk.randomFile(site.scratch("gateway-lb").resolve(name + i), 80_000, seed + i);
            ClientRun up = site.clients(site.alice()).gfal("gfal-copy", "file://" + source, lb.surl(path));
            assertTrue(up.ok(), up.describe());
            assertEquals(-1L, Files.mismatch(source, site.onDisk(path)), "the file landed whole");
            ClientRun ls = site.clients(site.alice()).gfal("gfal-ls", "-l", lb.surl(path));
            assertTrue(ls.ok() && ls.output().contains("80000"), ls.describe());
            Path back = site.scratch("gateway-lb").resolve(name + i + ".back");
            ClientRun down = site.clients(site.alice()).gfal("gfal-copy", "-f", lb.surl(path), "file://" + back);
            assertTrue(down.ok(), down.describe());
            assertEquals(-1L, Files.mismatch(source, back), "the file came back whole");
        }
    }
}

package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;

/** Doors of several kinds: parsing, and each policy choosing among the doors of one protocol. */
class DoorKindsTest {
    private static final GridFtpNode GRIDFTP = GridFtpNode.parse("gsiftp://gf1:2811");
    private static final GridFtpNode XROOTD = GridFtpNode.parse("root://xrd1|https://xrd1:8443");
    private static final GridFtpNode DAV = GridFtpNode.parse("davs://dav1");
    private static final List<GridFtpNode> DOORS = List.of(GRIDFTP, XROOTD, DAV);

    @Test
    void doorsParseWithTheirKindsEndpointsAndDefaultPorts() {
        assertEquals(new GridFtpNode("gf1", 2811), GRIDFTP);
        assertEquals("gsiftp://gf1:2811", GRIDFTP.toString());
        assertEquals("root", XROOTD.kind());
        assertEquals(1094, XROOTD.port());
        assertEquals(Map.of("root", 1094, "https", 8443), XROOTD.endpoints());
        assertEquals("root://xrd1:1094|https://xrd1:8443", XROOTD.toString());
        assertEquals(GridFtpNode.of("https", "dav1", 443), DAV);
        assertThrows(IllegalArgumentException.class, () -> GridFtpNode.parse("root://a:1094|https://b:8443"));
        assertThrows(IllegalArgumentException.class, () -> GridFtpNode.parse("ftp://a:21"));
        assertThrows(IllegalArgumentException.class, () -> GridFtpNode.parse("root://a:1094|root://a:1095"));
        assertEquals(List.of("gsiftp", "root", "https"), Doors.protocols(DOORS));
    }

    @Test
    void everyPolicyChoosesAmongTheDoorsOfTheProtocolThatAreUp() throws Exception {
        for (SelectionPolicy policy : SelectionPolicy.values()) {
            Set<GridFtpNode> down = new HashSet<>();
            GridFtpSelector s = GridFtpSelectors.create(policy, DOORS, d -> !down.contains(d));
            assertEquals(XROOTD, s.select("root"), policy.name());
            assertEquals(GRIDFTP, s.select("gsiftp"), policy.name());
            Set<GridFtpNode> https = new HashSet<>();
            for (int i = 0; i < 40; i++) {
                https.add(s.select("https"));
            }
            assertEquals(Set.of(XROOTD, DAV), https, policy.name());
            down.add(XROOTD);
            for (int i = 0; i < 10; i++) {
                assertEquals(DAV, s.select("https"), policy.name());
            }
            SrmException e = assertThrows(SrmException.class, () -> s.select("root"));
            assertTrue(e.getMessage().contains("root"), e.getMessage());
        }
    }

    @Test
    void theSelectorOwningItsProberChoosesByProtocolToo() throws Exception {
        // a door is probed by its first endpoint: a GridFTP banner here, its https endpoint never dialled
        try (FakeFtpServer greeting = new FakeFtpServer("220 fake ready")) {
            GridFtpNode both = GridFtpNode.parse("gsiftp://localhost:" + greeting.node().port() + "|https://localhost:"
                    + FakeFtpServer.closedPort());
            GridFtpNode dead = GridFtpNode.parse("gsiftp://localhost:" + FakeFtpServer.closedPort());
            for (SelectionPolicy policy : SelectionPolicy.values()) {
                try (GridFtpSelector s = GridFtpSelectors.create(SelectorConfig.builder().nodes(List.of(dead, both))
                        .policy(policy).probeInterval(Duration.ofSeconds(30)).connectTimeout(Duration.ofSeconds(1))
                        .build())) {
                    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                    boolean deadSeen = true;
                    while (deadSeen) { // until the first round has found the dead door (load-probe: unknown before)
                        deadSeen = false;
                        for (int i = 0; i < 20; i++) {
                            deadSeen |= s.select("gsiftp").equals(dead);
                        }
                        assertTrue(System.nanoTime() < deadline, policy + " never saw " + dead + " down");
                        java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L); // poll the next choices
                    }
                    assertEquals(both, s.select("https"), policy.name());
                    assertEquals(both, s.select("gsiftp"), policy.name());
                    assertThrows(SrmException.class, () -> s.select("root"), policy.name());
                }
            }
        }
    }
}

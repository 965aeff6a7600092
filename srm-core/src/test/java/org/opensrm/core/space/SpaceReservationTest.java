package org.opensrm.core.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.core.Owner;

/** The reservation's own rules: groups, membership, quota keys, invariants. */
class SpaceReservationTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final Owner alice = new Owner("/CN=Alice", "a1", List.of("/atlas/Role=NULL/Capability=NULL"));

    private SpaceReservation forGroup(Optional<String> group) {
        return new SpaceReservation(new SpaceToken("t"), alice, group, RetentionPolicy.REPLICA, AccessLatency.ONLINE,
                100, 50, 0, NOW, Optional.of(NOW.plusSeconds(60)), Optional.empty(), SpaceState.RESERVED, false);
    }

    @Test
    void theGroupOfAnFqanStopsAtItsRole() {
        assertEquals("/atlas/uk", SpaceReservation.groupOf("/atlas/uk/Role=production/Capability=NULL"));
        assertEquals("/atlas", SpaceReservation.groupOf("/atlas"));
        assertEquals("atlas", SpaceReservation.voOf("/atlas/uk"));
    }

    @Test
    void membersOfTheGroupAndItsSubgroupsWriteButNotOfASimilarName() {
        SpaceReservation r = forGroup(Optional.of("/atlas"));
        assertTrue(r.admitsWriter(new Owner("/CN=x", "x", List.of("/atlas/uk/Role=production"))));
        assertFalse(r.admitsWriter(new Owner("/CN=x", "x", List.of("/atlasx"))));
        assertFalse(r.admitsWriter(Owner.of("/CN=x", "x")));
        SpaceReservation mine = forGroup(Optional.empty());
        assertTrue(mine.admitsWriter(Owner.of("/CN=other cert", "a1")));
        assertFalse(mine.admitsWriter(Owner.of("/CN=x", "x")));
        assertEquals("vo:atlas", r.quotaKey());
        assertEquals("user:a1", mine.quotaKey());
    }

    @Test
    void aReservationPastItsLifetimeIsExpiredToClients() {
        SpaceReservation r = forGroup(Optional.of("/atlas"));
        assertEquals(SpaceState.RESERVED, r.stateAt(NOW.plusSeconds(59)));
        assertEquals(SpaceState.EXPIRED, r.stateAt(NOW.plusSeconds(60)));
    }

    @Test
    void sizesAndGroupsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> forGroup(Optional.of("/atlas")).withSizes(10, 20));
        assertThrows(IllegalArgumentException.class, () -> forGroup(Optional.of("/atlas")).withUsed(101));
        assertThrows(IllegalArgumentException.class, () -> forGroup(Optional.of("atlas")));
        assertThrows(IllegalArgumentException.class, () -> forGroup(Optional.of("/atlas/Role=x")));
    }
}

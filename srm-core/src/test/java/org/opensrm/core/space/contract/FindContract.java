package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;

/** {@link org.opensrm.core.space.SpaceStore#find}, {@code findByOwner} and {@code reservedBytes}. */
public abstract class FindContract extends SpaceStoreContract {

    @Test
    void reservedReservationsAreFoundByDescription() throws Exception {
        SpaceReservation a = store.create(reservation(alice, "/atlas", 100, "ATLASDATA"), SpaceQuota.UNLIMITED);
        SpaceReservation b = store.create(reservation(bob, "/cms", 200, "ATLASDATA"), SpaceQuota.UNLIMITED);
        SpaceReservation c = store.create(reservation(alice, "/atlas", 300, "OTHER"), SpaceQuota.UNLIMITED);
        SpaceReservation gone = store.create(reservation(alice, "/atlas", 300, "ATLASDATA"), SpaceQuota.UNLIMITED);
        store.update(gone.token(), r -> r.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        assertEquals(Set.of(a.token(), b.token()), Set.copyOf(tokensOf(store.find(Optional.of("ATLASDATA")))));
        assertEquals(Set.of(a.token(), b.token(), c.token()), Set.copyOf(tokensOf(store.find(Optional.empty()))));
        assertEquals(List.of(), store.find(Optional.of("atlasdata")));
    }

    @Test
    void anOwnersReservationsAreFoundInEveryState() throws Exception {
        SpaceReservation a = store.create(reservation(alice, "/atlas", 100, "ATLASDATA"), SpaceQuota.UNLIMITED);
        clock.advance(java.time.Duration.ofSeconds(1));
        SpaceReservation gone = store.create(reservation(alice, "/atlas", 300, "OTHER"), SpaceQuota.UNLIMITED);
        store.update(gone.token(), r -> r.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        store.create(reservation(bob, "/cms", 200, "ATLASDATA"), SpaceQuota.UNLIMITED);
        assertEquals(List.of(a.token(), gone.token()), tokensOf(store.findByOwner(alice, Optional.empty())));
        assertEquals(List.of(gone.token()), tokensOf(store.findByOwner(alice, Optional.of("OTHER"))));
    }

    @Test
    void reservedBytesCountsUnexpiredReservedTotals() throws Exception {
        store.create(reservation(alice, "/atlas", 100, "a"), SpaceQuota.UNLIMITED);
        store.create(reservation(alice, "/atlas/uk", 200, "b"), SpaceQuota.UNLIMITED);
        store.create(reservation(bob, "/cms", 400, "c"), SpaceQuota.UNLIMITED);
        store.declare(SpaceReservation.declared("STATIC", Optional.empty(), 10_000, "static", clock.instant()));
        assertEquals(300, store.reservedBytes("vo:atlas", clock.instant()));
        assertEquals(700, store.reservedBytes("*", clock.instant()));
        assertEquals(0, store.reservedBytes("vo:atlas", clock.instant().plus(LIFETIME)));
    }

    private static List<Object> tokensOf(List<SpaceReservation> list) {
        return list.stream().map(r -> (Object) r.token()).toList();
    }
}

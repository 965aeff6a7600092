package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;

/** {@link org.opensrm.core.space.SpaceStore#expired}. */
public abstract class ExpiredContract extends SpaceStoreContract {

    @Test
    void reservedReservationsPastTheirLifetimeAreFound() throws Exception {
        SpaceReservation a = created(100);
        SpaceReservation b = created(100);
        SpaceReservation released = created(100);
        store.update(released.token(), r -> r.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        SpaceReservation forever = store.create(reservation(alice, "/atlas", 100, "x").withExpiry(Optional.empty()),
                SpaceQuota.UNLIMITED);
        store.declare(SpaceReservation.declared("STATIC", Optional.empty(), 100, "static", clock.instant()));
        assertEquals(List.of(), store.expired(clock.instant(), 10));
        clock.advance(LIFETIME);
        assertEquals(Set.of(a.token(), b.token()), Set.copyOf(store.expired(clock.instant(), 10)));
        assertEquals(1, store.expired(clock.instant(), 1).size());
        store.update(a.token(), r -> r.withState(SpaceState.EXPIRED), SpaceQuota.UNLIMITED);
        clock.advance(Duration.ofDays(3650));
        assertEquals(List.of(b.token()), store.expired(clock.instant(), 10));
        assertEquals(SpaceState.RESERVED, store.load(forever.token()).state());
    }
}

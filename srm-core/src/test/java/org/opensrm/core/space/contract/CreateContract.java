package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;

/** {@link org.opensrm.core.space.SpaceStore#create}. */
public abstract class CreateContract extends SpaceStoreContract {

    @Test
    void aReservationIsKeptAsGiven() throws Exception {
        SpaceReservation r = created(5000);
        assertEquals(r, store.load(r.token()));
        assertEquals(0, store.load(r.token()).usedBytes());
    }

    @Test
    void aTokenIsKeptOnce() throws Exception {
        SpaceReservation r = created(5000);
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> store.create(r.withSizes(1, 1), SpaceQuota.UNLIMITED));
        assertEquals(5000, store.load(r.token()).totalBytes());
    }

    @Test
    void aGroupMayNotPassItsLimitAndNothingIsKeptWhenRefused() throws Exception {
        SpaceQuota quota = new SpaceQuota(1000, Long.MAX_VALUE);
        store.create(reservation(alice, "/atlas", 600, "a"), quota);
        SpaceReservation over = reservation(alice, "/atlas/uk", 500, "b");
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> store.create(over, quota));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.load(over.token()));
        store.create(reservation(alice, "/atlas", 400, "c"), quota);
        store.create(reservation(bob, "/cms", 1000, "d"), quota);
        assertEquals(1000, store.reservedBytes("vo:atlas", clock.instant()));
        assertEquals(1000, store.reservedBytes("vo:cms", clock.instant()));
    }

    @Test
    void theSiteMayNotPassItsLimit() throws Exception {
        SpaceQuota quota = new SpaceQuota(Long.MAX_VALUE, 1000);
        store.create(reservation(alice, "/atlas", 600, "a"), quota);
        assertStatus(SrmStatus.SRM_NO_FREE_SPACE, () -> store.create(reservation(bob, "/cms", 500, "b"), quota));
        assertEquals(600, store.reservedBytes("*", clock.instant()));
    }

    @Test
    void releasedAndExpiredReservationsNoLongerCount() throws Exception {
        SpaceQuota quota = new SpaceQuota(1000, Long.MAX_VALUE);
        SpaceReservation first = store.create(reservation(alice, "/atlas", 1000, "a"), quota);
        store.update(first.token(), r -> r.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        store.create(reservation(alice, "/atlas", 1000, "b"), quota);
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> store.create(reservation(alice, "/atlas", 1, "c"), quota));
        clock.advance(LIFETIME.plus(Duration.ofSeconds(1)));
        store.create(reservation(alice, "/atlas", 1000, "d"), quota);
    }

    @Test
    void concurrentReservationsCannotBothPassTheLimit() throws Exception {
        SpaceQuota quota = new SpaceQuota(1000, Long.MAX_VALUE);
        List<SrmStatus> outcomes = Race.run(8,
                i -> store.create(reservation(alice, "/atlas", 300, "r" + i), quota));
        assertEquals(3, Collections.frequency(outcomes, SrmStatus.SRM_SUCCESS), outcomes.toString());
        assertEquals(5, Collections.frequency(outcomes, SrmStatus.SRM_EXCEED_ALLOCATION), outcomes.toString());
        assertEquals(900, store.reservedBytes("vo:atlas", clock.instant()));
    }
}

package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceToken;

/** {@link org.opensrm.core.space.SpaceStore#update}. */
public abstract class UpdateContract extends SpaceStoreContract {

    @Test
    void aChangeIsKept() throws Exception {
        SpaceReservation r = created(5000);
        SpaceReservation after = store.update(r.token(), cur -> cur.withSizes(8000, 4000)
                .withExpiry(Optional.of(START.plus(Duration.ofDays(2)))).withDescription(Optional.of("renamed")),
                SpaceQuota.UNLIMITED);
        assertEquals(after, store.load(r.token()));
        assertEquals(8000, after.totalBytes());
        assertEquals(Optional.of("renamed"), store.load(r.token()).description());
    }

    @Test
    void aChangeThatThrowsChangesNothing() throws Exception {
        SpaceReservation r = created(5000);
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.update(r.token(), cur -> {
            throw SrmException.invalidRequest("refused");
        }, SpaceQuota.UNLIMITED));
        assertEquals(r, store.load(r.token()));
    }

    @Test
    void aChangeMayNotTouchWhatIdentifiesTheReservationOrItsUsedSize() throws Exception {
        SpaceReservation r = created(5000);
        SpaceReservation other = reservation(bob, "/cms", 5000, "x");
        assertThrows(IllegalStateException.class, () -> store.update(r.token(), cur -> other, SpaceQuota.UNLIMITED));
        assertThrows(IllegalStateException.class, () -> store.update(r.token(), cur -> cur.withUsed(10),
                SpaceQuota.UNLIMITED));
        assertEquals(r, store.load(r.token()));
    }

    @Test
    void growthIsCheckedAgainstTheQuotaAndShrinkingIsNot() throws Exception {
        SpaceQuota quota = new SpaceQuota(1000, Long.MAX_VALUE);
        SpaceReservation r = store.create(reservation(alice, "/atlas", 600, "a"), quota);
        store.create(reservation(alice, "/atlas", 300, "b"), quota);
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION,
                () -> store.update(r.token(), cur -> cur.withSizes(800, 100), quota));
        assertEquals(600, store.load(r.token()).totalBytes());
        store.update(r.token(), cur -> cur.withSizes(700, 100), quota);
        store.update(r.token(), cur -> cur.withSizes(200, 100), quota);
        assertEquals(500, store.reservedBytes("vo:atlas", clock.instant()));
    }

    @Test
    void aReleasedReservationLetsGoOfItsFiles() throws Exception {
        SpaceReservation r = created(5000);
        store.allocate(r.token(), 100, clock.instant());
        store.commitFile(new org.opensrm.core.space.SpaceFile(r.token(), path("/atlas/f"), 100, Optional.empty()),
                100, clock.instant());
        store.update(r.token(), cur -> cur.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        assertEquals(SpaceState.RELEASED, store.load(r.token()).state());
        assertEquals(List.of(), store.files(r.token()));
        assertEquals(Optional.empty(), store.file(path("/atlas/f")));
    }

    @Test
    void anUnknownTokenIsAnInvalidRequest() {
        assertStatus(SrmStatus.SRM_INVALID_REQUEST,
                () -> store.update(new SpaceToken("unknown"), cur -> cur, SpaceQuota.UNLIMITED));
    }
}

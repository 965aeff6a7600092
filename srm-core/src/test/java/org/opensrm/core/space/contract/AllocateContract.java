package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.SpaceToken;

/** {@link org.opensrm.core.space.SpaceStore#allocate}: puts taking free space. */
public abstract class AllocateContract extends SpaceStoreContract {

    @Test
    void bytesAreTakenWhileTheyFitAndExactlyUpToTheTotal() throws Exception {
        SpaceReservation r = created(1000);
        assertEquals(600, store.allocate(r.token(), 600, clock.instant()).usedBytes());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> store.allocate(r.token(), 401, clock.instant()));
        assertEquals(600, store.load(r.token()).usedBytes());
        assertEquals(1000, store.allocate(r.token(), 400, clock.instant()).usedBytes());
        assertEquals(1000, store.allocate(r.token(), 0, clock.instant()).usedBytes());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> store.allocate(r.token(), 1, clock.instant()));
    }

    @Test
    void anExpiredReservationTakesNothing() throws Exception {
        SpaceReservation r = created(1000);
        clock.advance(LIFETIME);
        assertStatus(SrmStatus.SRM_SPACE_LIFETIME_EXPIRED, () -> store.allocate(r.token(), 1, clock.instant()));
        assertEquals(0, store.load(r.token()).usedBytes());
    }

    @Test
    void aReleasedOrUnknownReservationIsAnInvalidRequest() throws Exception {
        SpaceReservation r = created(1000);
        store.update(r.token(), cur -> cur.withState(SpaceState.RELEASED), SpaceQuota.UNLIMITED);
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.allocate(r.token(), 1, clock.instant()));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST,
                () -> store.allocate(new SpaceToken("unknown"), 1, clock.instant()));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.allocate(r.token(), -1, clock.instant()));
    }

    @Test
    void concurrentPutsRacingForTheLastBytesGetExactlyWhatFits() throws Exception {
        SpaceReservation r = created(10_000);
        store.allocate(r.token(), 7_000, clock.instant());
        List<SrmStatus> outcomes = Race.run(16, i -> store.allocate(r.token(), 1_000, clock.instant()));
        assertEquals(3, Collections.frequency(outcomes, SrmStatus.SRM_SUCCESS), outcomes.toString());
        assertEquals(13, Collections.frequency(outcomes, SrmStatus.SRM_EXCEED_ALLOCATION), outcomes.toString());
        assertEquals(10_000, store.load(r.token()).usedBytes());
    }

    @Test
    void twoFrontendsOverOneStorageShareTheLastBytesExactly() throws Exception {
        SpaceReservation r = created(8_000);
        try (SpaceStore other = fixture.open(clock)) {
            List<SrmStatus> outcomes = Race.run(16, i -> (i % 2 == 0 ? store : other)
                    .allocate(r.token(), 1_000, clock.instant()));
            assertEquals(8, Collections.frequency(outcomes, SrmStatus.SRM_SUCCESS), outcomes.toString());
            assertEquals(8_000, other.load(r.token()).usedBytes());
        }
        assertEquals(8_000, store.load(r.token()).usedBytes());
    }

    @Test
    void concurrentPutsOfUnequalSizesNeverOverrunTheTotal() throws Exception {
        SpaceReservation r = created(1_000);
        List<SrmStatus> outcomes = Race.run(12, i -> store.allocate(r.token(), size(i), clock.instant()));
        long used = store.load(r.token()).usedBytes();
        long admitted = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i) == SrmStatus.SRM_SUCCESS) {
                admitted += size(i);
            }
        }
        assertEquals(admitted, used, outcomes.toString());
        assertTrue(used <= 1_000, "used " + used);
        for (int i = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i) != SrmStatus.SRM_SUCCESS) {
                assertEquals(SrmStatus.SRM_EXCEED_ALLOCATION, outcomes.get(i));
                assertTrue(size(i) > 1_000 - used, "put " + i + " of " + size(i) + " would have fit");
            }
        }
    }

    private static long size(int i) {
        return 100 + 37L * i;
    }
}

package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceToken;

/** {@link org.opensrm.core.space.SpaceStore#free}: abandoned uploads giving bytes back. */
public abstract class FreeContract extends SpaceStoreContract {

    @Test
    void bytesGivenBackCanBeTakenAgain() throws Exception {
        SpaceReservation r = created(1000);
        store.allocate(r.token(), 1000, clock.instant());
        assertEquals(700, store.free(r.token(), 300).usedBytes());
        assertEquals(1000, store.allocate(r.token(), 300, clock.instant()).usedBytes());
    }

    @Test
    void usedNeverGoesBelowZero() throws Exception {
        SpaceReservation r = created(1000);
        store.allocate(r.token(), 10, clock.instant());
        assertEquals(0, store.free(r.token(), 50).usedBytes());
    }

    @Test
    void anUnknownTokenIsAnInvalidRequest() {
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.free(new SpaceToken("unknown"), 1));
    }
}

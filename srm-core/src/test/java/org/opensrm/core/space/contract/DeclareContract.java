package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceToken;

/** {@link org.opensrm.core.space.SpaceStore#declare}: static tokens from the configuration. */
public abstract class DeclareContract extends SpaceStoreContract {

    private SpaceReservation declared(long size, String description) {
        return SpaceReservation.declared("DATADISK", Optional.empty(), size, description, clock.instant());
    }

    @Test
    void aStaticTokenIsKeptByItsName() throws Exception {
        store.declare(declared(5000, "disk"));
        SpaceReservation r = store.load(new SpaceToken("DATADISK"));
        assertTrue(r.isStatic());
        assertEquals(5000, r.totalBytes());
        assertEquals(Optional.empty(), r.expiresAt());
    }

    @Test
    void declaringAgainFollowsTheConfigurationAndKeepsWhatIsUsed() throws Exception {
        store.declare(declared(5000, "disk"));
        store.allocate(new SpaceToken("DATADISK"), 3000, clock.instant());
        store.declare(declared(8000, "bigger disk"));
        SpaceReservation r = store.load(new SpaceToken("DATADISK"));
        assertEquals(8000, r.totalBytes());
        assertEquals(3000, r.usedBytes());
        assertEquals(Optional.of("bigger disk"), r.description());
        store.declare(declared(1000, "smaller"));
        assertEquals(3000, store.load(new SpaceToken("DATADISK")).totalBytes(), "never below what is used");
    }

    @Test
    void aStaticTokenCannotTakeADynamicReservationsToken() throws Exception {
        SpaceReservation dynamic = store.create(new SpaceReservation(new SpaceToken("DATADISK"), alice,
                Optional.of("/atlas"), declared(1, "").retention(), declared(1, "").latency(), 10, 10, 0,
                clock.instant(), Optional.empty(), Optional.empty(), declared(1, "").state(), false),
                SpaceQuota.UNLIMITED);
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> store.declare(declared(5000, "disk")));
        assertEquals(dynamic, store.load(dynamic.token()));
    }
}

package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceToken;

/** {@link org.opensrm.core.space.SpaceStore#load}. */
public abstract class LoadContract extends SpaceStoreContract {

    @Test
    void everyFieldReadsBack() throws Exception {
        Owner carol = new Owner("/DC=org/CN=Carol", "carol", List.of("/dteam/Role=NULL", "/dteam/ops"));
        SpaceReservation r = new SpaceReservation(SpaceToken.random(tokens), carol, Optional.empty(),
                RetentionPolicy.REPLICA, AccessLatency.ONLINE, 7, 3, 0, clock.instant().plusNanos(123_456_789),
                Optional.empty(), Optional.empty(), SpaceState.RESERVED, false);
        SpaceReservation kept = store.create(r, SpaceQuota.UNLIMITED);
        SpaceReservation loaded = store.load(r.token());
        assertEquals(kept, loaded);
        assertEquals(carol, loaded.owner());
        assertEquals(Optional.empty(), loaded.group());
        assertEquals(Optional.empty(), loaded.expiresAt());
        assertEquals(Optional.empty(), loaded.description());
        assertEquals("user:carol", loaded.quotaKey());
        assertEquals(r.createdAt().toEpochMilli(), loaded.createdAt().toEpochMilli());
    }

    @Test
    void anUnknownTokenIsAnInvalidRequest() {
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.load(new SpaceToken("nosuchtoken")));
    }
}

package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.core.space.SpaceFile;
import org.opensrm.core.space.SpaceReservation;

/** What a store kept reads back after it is closed and opened again (a restart). */
public abstract class ReopenContract extends SpaceStoreContract {

    @Test
    void reservationsUsedBytesAndFilesSurviveARestart() throws Exception {
        SpaceReservation r = created(1000);
        store.allocate(r.token(), 250, clock.instant());
        SpaceFile f = store.commitFile(new SpaceFile(r.token(), path("/atlas/f"), 200, Optional.empty()), 250,
                clock.instant());
        SpaceReservation before = store.load(r.token());
        reopen();
        assertEquals(before, store.load(r.token()));
        assertEquals(200, store.load(r.token()).usedBytes());
        assertEquals(List.of(f), store.files(r.token()));
        assertEquals(800, store.allocate(r.token(), 600, clock.instant()).usedBytes());
    }
}

package org.opensrm.core.space.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.SpaceFile;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceStore;

/**
 * The files in a space: {@code commitFile}, {@code file}, {@code files}, {@code removeFile}, {@code moveFile},
 * {@code renameFile}, {@code extendFile}, each keeping used bytes equal to what the space's files and claims hold.
 */
public abstract class FilesContract extends SpaceStoreContract {

    private SpaceFile file(SpaceReservation r, String p, long size) {
        return new SpaceFile(r.token(), path(p), size, Optional.empty());
    }

    @Test
    void aCommittedFileCountsItsRealSize() throws Exception {
        SpaceReservation r = created(1000);
        store.allocate(r.token(), 300, clock.instant());
        store.commitFile(file(r, "/atlas/smaller", 200), 300, clock.instant());
        assertEquals(200, store.load(r.token()).usedBytes());
        store.commitFile(file(r, "/atlas/unclaimed", 500), 0, clock.instant());
        assertEquals(700, store.load(r.token()).usedBytes());
        assertEquals(List.of(file(r, "/atlas/smaller", 200), file(r, "/atlas/unclaimed", 500)),
                store.files(r.token()));
        assertEquals(Optional.of(file(r, "/atlas/smaller", 200)), store.file(path("/atlas/smaller")));
    }

    @Test
    void aFileLargerThanWhatIsLeftIsRefusedAndChangesNothing() throws Exception {
        SpaceReservation r = created(1000);
        store.allocate(r.token(), 900, clock.instant());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION,
                () -> store.commitFile(file(r, "/atlas/big", 1001), 900, clock.instant()));
        assertEquals(900, store.load(r.token()).usedBytes());
        assertEquals(Optional.empty(), store.file(path("/atlas/big")));
    }

    @Test
    void anOverwrittenFileGivesItsBytesBack() throws Exception {
        SpaceReservation r = created(1000);
        store.commitFile(file(r, "/atlas/f", 600), 0, clock.instant());
        store.commitFile(file(r, "/atlas/f", 300), 0, clock.instant());
        assertEquals(300, store.load(r.token()).usedBytes());
        assertEquals(1, store.files(r.token()).size());
    }

    @Test
    void aRemovedFileGivesItsBytesBack() throws Exception {
        SpaceReservation r = created(1000);
        store.commitFile(file(r, "/atlas/f", 600), 0, clock.instant());
        assertEquals(Optional.of(file(r, "/atlas/f", 600)), store.removeFile(path("/atlas/f")));
        assertEquals(0, store.load(r.token()).usedBytes());
        assertEquals(Optional.empty(), store.removeFile(path("/atlas/f")));
    }

    @Test
    void aFileRemovedByManyAtOnceGivesItsBytesBackOnce() throws Exception {
        SpaceReservation r = created(1000);
        store.commitFile(file(r, "/atlas/f", 600), 0, clock.instant());
        store.commitFile(file(r, "/atlas/g", 300), 0, clock.instant());
        try (SpaceStore other = fixture.open(clock)) {
            Race.run(8, i -> (i % 2 == 0 ? store : other).removeFile(path("/atlas/f")));
        }
        assertEquals(300, store.load(r.token()).usedBytes());
    }

    @Test
    void aMovedFileCountsInItsNewSpaceOnly() throws Exception {
        SpaceReservation from = created(1000);
        SpaceReservation to = created(500);
        store.commitFile(file(from, "/atlas/f", 400), 0, clock.instant());
        Instant until = clock.instant().plusSeconds(60);
        store.moveFile(path("/atlas/f"), 999, to.token(), Optional.of(until), clock.instant());
        assertEquals(0, store.load(from.token()).usedBytes());
        assertEquals(400, store.load(to.token()).usedBytes());
        assertEquals(Optional.of(new SpaceFile(to.token(), path("/atlas/f"), 400, Optional.of(until))),
                store.file(path("/atlas/f")));
        store.moveFile(path("/atlas/outside"), 100, to.token(), Optional.empty(), clock.instant());
        assertEquals(500, store.load(to.token()).usedBytes());
    }

    @Test
    void aMoveThatDoesNotFitChangesNothing() throws Exception {
        SpaceReservation from = created(1000);
        SpaceReservation to = created(300);
        store.commitFile(file(from, "/atlas/f", 400), 0, clock.instant());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION,
                () -> store.moveFile(path("/atlas/f"), 400, to.token(), Optional.empty(), clock.instant()));
        assertEquals(400, store.load(from.token()).usedBytes());
        assertEquals(0, store.load(to.token()).usedBytes());
        assertEquals(from.token(), store.file(path("/atlas/f")).orElseThrow().token());
    }

    @Test
    void aRenamedFileKeepsItsSpaceAndAReplacedOneLeavesIt() throws Exception {
        SpaceReservation r = created(1000);
        store.commitFile(file(r, "/atlas/a", 100), 0, clock.instant());
        store.commitFile(file(r, "/atlas/b", 200), 0, clock.instant());
        store.renameFile(path("/atlas/a"), path("/atlas/b"));
        assertEquals(List.of(file(r, "/atlas/b", 100)), store.files(r.token()));
        assertEquals(100, store.load(r.token()).usedBytes());
        store.renameFile(path("/atlas/none"), path("/atlas/other"));
        assertEquals(Optional.empty(), store.file(path("/atlas/other")));
    }

    @Test
    void aFilesLifetimeInItsSpaceIsKept() throws Exception {
        SpaceReservation r = created(1000);
        store.commitFile(file(r, "/atlas/f", 100), 0, clock.instant());
        Instant until = clock.instant().plusSeconds(120);
        assertEquals(Optional.of(until), store.extendFile(path("/atlas/f"), Optional.of(until)).expiresAt());
        assertEquals(Optional.of(until), store.file(path("/atlas/f")).orElseThrow().expiresAt());
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> store.extendFile(path("/atlas/none"), Optional.empty()));
    }
}

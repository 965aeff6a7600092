package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;
import org.opensrm.core.contract.TestClock;

/**
 * The upload journal's view of open puts (issue 22, points 1 and 5): an upload journaled again with another expiry
 * is still one upload, which srmPutDone or an abort frees whatever expiry it had last, and which keeps its
 * directory from srmRmdir while it is open. (Removal of expired uploads is shown with a backend in
 * {@link TransferServicesTest}.)
 */
class UploadJanitorTest {
    private static final Account ALICE = new Account("alice", 1001, 1001, Set.of(1001));
    private static final Account BOB = new Account("bob", 1002, 1002, Set.of(1002));

    @TempDir
    Path state;

    private final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));

    private UploadJanitor janitor() {
        return new UploadJanitor(null, state.resolve("uploads.journal"), clock);
    }

    @Test
    void anUploadJournaledTwiceWithAShorterExpiryIsFreedByItsOneFinish() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath target = SrmPath.of("/data/f");
        SrmPath upload = SrmPath.of("/.srm-uploads/alice/.srmput-1");
        janitor.track(ALICE, target, upload, clock.instant().plus(Duration.ofHours(1))); // the request's end
        janitor.track(ALICE, target, upload, clock.instant().plus(Duration.ofMinutes(2))); // the TURL's end
        assertTrue(janitor.busy(target));
        assertEquals(Optional.of(clock.instant().plus(Duration.ofMinutes(2))), janitor.expiryOf(upload));

        janitor.finished(upload);
        assertFalse(janitor.busy(target), "srmPutDone frees the target at once");
        assertEquals(Optional.empty(), janitor.uploadOf(target, ALICE));
    }

    @Test
    void anAbortFreesTheTargetWhateverExpiryTheUploadHadLast() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath target = SrmPath.of("/data/g");
        SrmPath upload = SrmPath.of("/.srm-uploads/alice/.srmput-2");
        janitor.track(ALICE, target, upload, clock.instant().plus(Duration.ofHours(1)));
        janitor.track(ALICE, target, upload, clock.instant().plus(Duration.ofMinutes(2)));
        janitor.aborted(ALICE, upload, clock.instant().plus(Duration.ofMinutes(2)));
        assertFalse(janitor.busy(target));
        assertFalse(janitor.uploadingInto(SrmPath.of("/data"), false));
    }

    @Test
    void theJournalReadBackKnowsTheLastExpiryOfEachUpload() throws Exception {
        SrmPath target = SrmPath.of("/data/h");
        SrmPath upload = SrmPath.of("/.srm-uploads/alice/.srmput-3");
        UploadJanitor before = janitor();
        before.recover();
        before.track(ALICE, target, upload, clock.instant().plus(Duration.ofHours(1)));
        before.track(ALICE, target, upload, clock.instant().plus(Duration.ofMinutes(2)));
        UploadJanitor after = janitor();
        after.recover();
        assertEquals(Optional.of(clock.instant().plus(Duration.ofMinutes(2))), after.expiryOf(upload));
        after.finished(upload);
        assertFalse(after.busy(target));
    }

    @Test
    void anOpenPutKeepsItsDirectoryForEveryoneUntilItExpires() throws Exception {
        UploadJanitor janitor = janitor();
        janitor.track(ALICE, SrmPath.of("/data/sub/f"), SrmPath.of("/.srm-uploads/alice/.srmput-4"),
                clock.instant().plus(Duration.ofMinutes(1)));
        assertTrue(janitor.uploadingInto(SrmPath.of("/data/sub"), false));
        assertFalse(janitor.uploadingInto(SrmPath.of("/data"), false), "not directly in /data");
        assertTrue(janitor.uploadingInto(SrmPath.of("/data"), true), "but below it");
        assertEquals(Optional.empty(), janitor.uploadOf(SrmPath.of("/data/sub/f"), BOB), "Alice's, not Bob's");
        clock.advance(Duration.ofMinutes(1));
        assertFalse(janitor.uploadingInto(SrmPath.of("/data/sub"), false), "an expired put keeps nothing");
    }
}

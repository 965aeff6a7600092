package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;
import org.opensrm.core.contract.TestClock;

/**
 * The upload journal's view of open puts (issue 22, points 1 and 5): an upload journaled again with another expiry
 * is still one upload, which srmPutDone or an abort frees whatever expiry it had last, and which keeps its
 * directory from srmRmdir while it is open and in progress; once nothing was written to it for the idle time (and
 * it does not hold every declared byte) it has stalled and keeps nothing. (Removal of expired uploads is shown in
 * {@link TransferServicesTest}.)
 */
class UploadJanitorTest {
    private static final Account ALICE = new Account("alice", 1001, 1001, Set.of(1001));
    private static final Account BOB = new Account("bob", 1002, 1002, Set.of(1002));

    private static final Account ROOT = new Account("root", 0, 0, Set.of(0));
    private static final Duration IDLE = Duration.ofMinutes(2);

    @TempDir
    Path state;
    @TempDir
    Path storage;

    private final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));

    private UploadJanitor janitor() throws Exception {
        return new UploadJanitor(new PosixBackend(PosixBackendConfig.builder(storage).build()),
                state.resolve("uploads.journal"), clock, IDLE);
    }

    /** Writes {@code bytes} bytes at {@code upload} (below the storage root), last modified at the clock's now. */
    private void write(SrmPath upload, int bytes) throws Exception {
        Path p = storage.resolve(upload.toString().substring(1));
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[bytes]);
        Files.setLastModifiedTime(p, FileTime.from(clock.instant()));
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

    @Test
    void anUploadNeverWrittenStallsTheIdleTimeAfterItsTurl() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath target = SrmPath.of("/data/never/f");
        SrmPath upload = SrmPath.of("/.srm-uploads/root/.srmput-5");
        janitor.track(ROOT, target, upload, clock.instant().plus(Duration.ofHours(4)));
        clock.advance(IDLE.minusSeconds(1));
        assertTrue(janitor.uploadingInto(target.parent(), false), "its TURL was handed out within the idle time");
        assertEquals(List.of(), janitor.stalledInto(target.parent(), false));

        clock.advance(Duration.ofSeconds(1));
        assertFalse(janitor.uploadingInto(target.parent(), false));
        List<UploadsInProgress.Stalled> stalled = janitor.stalledInto(target.parent(), false);
        assertEquals(List.of(upload), stalled.stream().map(UploadsInProgress.Stalled::upload).toList());
        assertTrue(stalled.get(0).why().contains("nothing was written to it for 120 s (it holds nothing"),
                stalled.get(0).why());
        assertEquals(Optional.of(stalled.get(0).why()), janitor.stalled(target));
        assertTrue(janitor.busy(target), "a stalled upload still holds its target against other accounts' puts");
    }

    @Test
    void anUploadIsInProgressUntilTheIdleTimeAfterItsLastWrite() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath target = SrmPath.of("/data/written/f");
        SrmPath upload = SrmPath.of("/.srm-uploads/root/.srmput-6");
        janitor.track(ROOT, target, upload, clock.instant().plus(Duration.ofHours(4)));
        clock.advance(Duration.ofMinutes(10));
        write(upload, 1000); // written long after its TURL was handed out
        clock.advance(IDLE.minusSeconds(1));
        assertTrue(janitor.uploadingInto(SrmPath.of("/data"), true), "written within the idle time");
        assertEquals(Optional.empty(), janitor.stalled(target));

        clock.advance(Duration.ofSeconds(1));
        assertFalse(janitor.uploadingInto(SrmPath.of("/data"), true));
        assertEquals(List.of(upload), janitor.stalledInto(SrmPath.of("/data"), true).stream()
                .map(UploadsInProgress.Stalled::upload).toList(), "below the directory, for a recursive srmRmdir");
        assertTrue(janitor.stalled(target).orElseThrow().contains("it holds 1000 bytes"));
    }

    @Test
    void anUploadHoldingEveryDeclaredByteNeverStallsOneHoldingFewerDoes() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath complete = SrmPath.of("/data/declared/complete");
        SrmPath partial = SrmPath.of("/data/declared/partial");
        SrmPath completeUpload = SrmPath.of("/.srm-uploads/root/.srmput-7");
        SrmPath partialUpload = SrmPath.of("/.srm-uploads/root/.srmput-8");
        janitor.track(ROOT, complete, completeUpload, clock.instant().plus(Duration.ofHours(4)), 500);
        janitor.track(ROOT, partial, partialUpload, clock.instant().plus(Duration.ofHours(4)), 500);
        write(completeUpload, 500);
        write(partialUpload, 200);
        clock.advance(Duration.ofHours(1));
        assertEquals(Optional.empty(), janitor.stalled(complete), "complete: it waits for srmPutDone");
        assertTrue(janitor.uploadingInto(complete.parent(), false));
        assertTrue(janitor.stalled(partial).orElseThrow().contains("it holds 200 bytes of the 500 declared"));
        assertEquals(List.of(partialUpload), janitor.stalledInto(partial.parent(), false).stream()
                .map(UploadsInProgress.Stalled::upload).toList());
    }

    @Test
    void anUploadThatIsAbortedOrExpiredNeitherStallsNorKeepsItsDirectory() throws Exception {
        UploadJanitor janitor = janitor();
        SrmPath target = SrmPath.of("/data/ended/f");
        SrmPath upload = SrmPath.of("/.srm-uploads/root/.srmput-9");
        janitor.track(ROOT, target, upload, clock.instant().plus(Duration.ofMinutes(5)));
        write(upload, 10);
        clock.advance(IDLE);
        janitor.aborted(ROOT, upload, clock.instant().plus(Duration.ofMinutes(5)), "aborted: a test says why");
        assertEquals(List.of(), janitor.stalledInto(target.parent(), false), "an aborted put is no upload");
        assertEquals(Optional.of("aborted: a test says why"), janitor.whyEnded(upload));
        assertEquals(Optional.empty(), janitor.stalled(target));
    }
}

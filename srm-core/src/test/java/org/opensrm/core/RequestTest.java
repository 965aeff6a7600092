package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** The request-level outcome derived from the files, abort, time-out, ownership and when a request finishes. */
class RequestTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final Owner ALICE = new Owner("/CN=Alice", "srmuser1", List.of("/atlas"));

    private static Request get(int files) {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(NewFile.of("srm://h/f" + i).withPinLifetime(Duration.ofMinutes(1)));
        }
        return Request.create(new RequestToken("tok"), NewRequest.of(RequestKind.GET, ALICE, Duration.ofHours(1),
                list), NOW);
    }

    private static Request pin(Request r, int i) {
        return r.withFile(i, f -> f.ready(r.kind(), Optional.of("gsiftp://d/f" + i), OptionalLong.of(7), NOW), NOW);
    }

    private static Request fail(Request r, int i) {
        return r.withFile(i, f -> f.fail(SrmStatus.SRM_INVALID_PATH, "missing"), NOW);
    }

    @Test
    void theRequestIsInProgressOnceAnyFileMovesAndSettlesWhenNoneWaits() {
        Request r = get(3);
        assertEquals(RequestState.QUEUED, r.state());
        r = r.withFile(0, f -> f.moveTo(FileState.IN_PROGRESS), NOW);
        assertEquals(RequestState.IN_PROGRESS, r.state());
        r = pin(r, 0);
        r = pin(r, 1);
        assertEquals(RequestState.IN_PROGRESS, r.state());
        assertEquals(SrmStatus.SRM_REQUEST_INPROGRESS, r.status());
        r = pin(r, 2);
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
    }

    @Test
    void allFailedIsFailureSomeIsPartialSuccess() {
        assertEquals(SrmStatus.SRM_FAILURE, fail(fail(get(2), 0), 1).status());
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, fail(pin(get(2), 0), 1).status());
        Request abortedFile = pin(get(2), 0).withFile(1, f -> f.moveTo(FileState.ABORTED), NOW);
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, abortedFile.status());
    }

    @Test
    void aSuspendedRequestStaysSuspendedWhateverItsFilesDo() {
        Request r = get(1).moveTo(RequestState.SUSPENDED, "by user", NOW);
        r = r.withFile(0, f -> f.fail(SrmStatus.SRM_FILE_BUSY, "busy"), NOW);
        assertEquals(RequestState.SUSPENDED, r.state());
    }

    @Test
    void aRequestFinishesWhenNothingHoldsAPinAnyMore() {
        Request r = pin(get(2), 0);
        r = fail(r, 1);
        assertEquals(RequestState.PARTIAL_SUCCESS, r.state());
        assertTrue(r.finishedAt().isEmpty(), "file 0 is still pinned");
        Instant later = NOW.plusSeconds(30);
        r = r.withFile(0, f -> f.moveTo(FileState.RELEASED), later);
        assertEquals(Optional.of(later), r.finishedAt());
        assertEquals(Optional.empty(), r.file(0).turl());
    }

    @Test
    void abortReleasesPinsAndStopsQueuedFiles() {
        Request r = pin(get(3), 0);
        r = fail(r, 1).abort("by user", NOW);
        assertEquals(RequestState.ABORTED, r.state());
        assertEquals(List.of(FileState.ABORTED, FileState.FAILED, FileState.ABORTED),
                r.files().stream().map(FileRequest::state).toList());
        assertTrue(r.isFinished());
        Request done = r;
        assertThrows(IllegalStateException.class, () -> done.abort("again", NOW));
    }

    @Test
    void timeOutFailsTheWaitingFilesWithRequestTimedOut() {
        Request r = pin(get(2), 0).timeOut(NOW.plus(Duration.ofHours(1)));
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, r.status());
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, r.file(1).status());
        assertEquals(FileState.FILE_PINNED, r.file(0).state(), "a pin outlives the request's own lifetime");
    }

    @Test
    void pinsAreGrantedAndExtendedFromNow() {
        Request r = pin(get(1), 0);
        assertEquals(Optional.of(NOW.plus(Duration.ofMinutes(1))), r.file(0).pinExpiresAt());
        Instant later = NOW.plusSeconds(50);
        r = r.withFile(0, f -> f.withPinLifetime(Duration.ofMinutes(10), later), later);
        assertEquals(Optional.of(later.plus(Duration.ofMinutes(10))), r.file(0).pinExpiresAt());
        Request released = r.withFile(0, f -> f.moveTo(FileState.RELEASED), later);
        assertThrows(IllegalStateException.class, () -> released.withFile(0,
                f -> f.withPinLifetime(Duration.ofMinutes(1), later), later));
    }

    @Test
    void onlyTheOwnerPassesTheOwnerCheck() throws SrmException {
        Request r = get(1);
        r.requireOwner(Owner.of("/CN=Alice", "srmuser1"));
        SrmException e = assertThrows(SrmException.class, () -> r.requireOwner(Owner.of("/CN=Bob", "srmuser1")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertThrows(SrmException.class, () -> r.requireOwner(Owner.of("/CN=Alice", "srmuser2")));
    }

    @Test
    void aChangeCannotRenumberFiles() {
        Request r = get(2);
        assertThrows(IllegalArgumentException.class, () -> r.withFile(0, f -> r.file(1), NOW));
    }
}

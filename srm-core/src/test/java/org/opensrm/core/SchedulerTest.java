package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.contract.TestClock;

class SchedulerTest {
    private final TestClock clock = new TestClock(Instant.parse("2030-01-01T00:00:00Z"));

    private Scheduler scheduler(int maxQueued, int getLimit) {
        return new Scheduler(SchedulerConfig.builder().maxQueuedFiles(maxQueued)
                .maxInProgress(RequestKind.GET, getLimit).initialFileTime(Duration.ofSeconds(2)).build(), clock);
    }

    private static List<FileWork> files(String token, String user, RequestKind kind, int n) {
        List<FileWork> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new FileWork(new RequestToken(token), i, kind, user));
        }
        return out;
    }

    @Test
    void aSingleFileIsNotStuckBehindAnotherUsersTenThousand() throws SrmException {
        Scheduler s = scheduler(20_000, 4);
        s.enqueue(files("bulk", "alice", RequestKind.GET, 10_000));
        s.enqueue(files("one", "bob", RequestKind.GET, 1));
        FileWork bobs = new FileWork(new RequestToken("one"), 0, RequestKind.GET, "bob");
        assertEquals(Duration.ofSeconds(0), s.estimatedWait(bobs), "one alice file ahead, within the first round");
        List<FileWork> firstTwo = List.of(s.next(RequestKind.GET).orElseThrow(), s.next(RequestKind.GET).orElseThrow());
        assertEquals("alice", firstTwo.get(0).user());
        assertEquals(bobs, firstTwo.get(1));
    }

    @Test
    void usersTakeTurnsAndEachUsersFilesKeepTheirOrder() throws SrmException {
        Scheduler s = scheduler(100, 100);
        s.enqueue(files("a", "alice", RequestKind.GET, 3));
        s.enqueue(files("b", "bob", RequestKind.GET, 1));
        s.enqueue(files("c", "carol", RequestKind.GET, 2));
        List<String> order = new ArrayList<>();
        for (Optional<FileWork> w = s.next(RequestKind.GET); w.isPresent(); w = s.next(RequestKind.GET)) {
            order.add(w.get().token() + "" + w.get().index());
        }
        assertEquals(List.of("a0", "b0", "c0", "a1", "c1", "a2"), order);
    }

    @Test
    void eachKindHasItsOwnInProgressLimit() throws SrmException {
        Scheduler s = scheduler(100, 2);
        s.enqueue(files("g", "alice", RequestKind.GET, 5));
        s.enqueue(files("p", "alice", RequestKind.PUT, 1));
        FileWork g0 = s.next(RequestKind.GET).orElseThrow();
        s.next(RequestKind.GET).orElseThrow();
        assertEquals(Optional.empty(), s.next(RequestKind.GET), "two in progress: the limit");
        assertTrue(s.next(RequestKind.PUT).isPresent(), "another kind is not held up");
        s.done(g0);
        assertEquals(1, s.inProgress(RequestKind.GET));
        assertEquals(2, s.next(RequestKind.GET).orElseThrow().index());
    }

    @Test
    void theQueueIsBoundedAndARefusedRequestQueuesNothing() throws SrmException {
        Scheduler s = scheduler(10, 1);
        s.enqueue(files("a", "alice", RequestKind.GET, 8));
        SrmException e = assertThrows(SrmException.class, () -> s.enqueue(files("b", "bob", RequestKind.PUT, 3)));
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
        assertEquals(8, s.queued());
        assertEquals(Optional.empty(), s.next(RequestKind.PUT));
        s.enqueue(files("c", "carol", RequestKind.PUT, 2));
        assertEquals(10, s.queued());
    }

    @Test
    void aFileThatCannotBeServedGoesBackToTheHeadAndFreesItsPlace() throws SrmException {
        Scheduler s = scheduler(100, 1);
        s.enqueue(files("a", "alice", RequestKind.GET, 2));
        s.enqueue(files("b", "bob", RequestKind.GET, 1));
        FileWork a0 = s.next(RequestKind.GET).orElseThrow();
        s.requeue(a0); // no healthy door: it stays queued, it does not fail
        assertEquals(0, s.inProgress(RequestKind.GET));
        assertEquals(3, s.queued());
        assertEquals(a0, s.next(RequestKind.GET).orElseThrow());
    }

    @Test
    void removingARequestDropsItsQueuedFilesOnly() throws SrmException {
        Scheduler s = scheduler(100, 10);
        s.enqueue(files("a", "alice", RequestKind.GET, 3));
        s.enqueue(files("a2", "alice", RequestKind.GET, 2));
        assertEquals(3, s.remove(new RequestToken("a")));
        assertEquals(2, s.queued());
        assertEquals("a2", s.next(RequestKind.GET).orElseThrow().token().value());
    }

    @Test
    void theEstimatedWaitFollowsTheQueueAndTheMeasuredFileTime() throws SrmException {
        Scheduler s = scheduler(1000, 2);
        s.enqueue(files("a", "alice", RequestKind.GET, 10));
        FileWork a9 = new FileWork(new RequestToken("a"), 9, RequestKind.GET, "alice");
        // 9 files ahead, 2 at a time: 4 rounds of the initial 2 s
        assertEquals(Duration.ofSeconds(8), s.estimatedWait(a9));
        s.enqueue(files("b", "bob", RequestKind.GET, 10));
        // bob's files take turns with alice's: 9 + 10 ahead, 9 rounds
        assertEquals(Duration.ofSeconds(18), s.estimatedWait(a9));

        FileWork a0 = s.next(RequestKind.GET).orElseThrow();
        FileWork b0 = s.next(RequestKind.GET).orElseThrow();
        clock.advance(Duration.ofSeconds(10)); // files now take 10 s: the estimate follows (smoothed)
        s.done(a0);
        s.done(b0);
        // 2 s -> 3.6 s -> 4.88 s per file; 8 of alice's and 9 of bob's ahead: 8 rounds
        assertEquals(Duration.ofMillis(8 * 4880), s.estimatedWait(a9));
        FileWork taken = s.next(RequestKind.GET).orElseThrow();
        assertEquals(Duration.ZERO, s.estimatedWait(taken), "in progress: no wait");
    }

    @Test
    void placesAreTakenAtOnceOnlyWhileNoneOfTheKindIsQueued() throws SrmException {
        Scheduler s = scheduler(100, 4);
        assertTrue(s.startAtOnce(RequestKind.GET, 2));
        assertEquals(2, s.inProgress(RequestKind.GET));
        s.enqueue(files("queued", "alice", RequestKind.GET, 1));
        assertFalse(s.startAtOnce(RequestKind.GET, 1), "a file of the kind is queued: it goes first");
        s.enqueue(files("put", "bob", RequestKind.PUT, 1));
        assertTrue(s.startAtOnce(RequestKind.BRING_ONLINE, 1), "another kind's queue does not matter");
        assertTrue(s.doneAtOnce(RequestKind.GET, 2, Duration.ofMillis(4)), "a file of the kind waits for the places");
        assertEquals(0, s.inProgress(RequestKind.GET));
        assertEquals("queued", s.next(RequestKind.GET).orElseThrow().token().value());
        assertTrue(s.startAtOnce(RequestKind.GET, 1));
        assertFalse(s.notAtOnce(RequestKind.GET, 1), "nothing of the kind waits");
    }

    @Test
    void placesTakenAtOnceCountTowardTheInProgressLimit() throws SrmException {
        Scheduler s = scheduler(100, 2);
        assertFalse(s.startAtOnce(RequestKind.GET, 3), "more than the limit");
        assertFalse(s.startAtOnce(RequestKind.GET, 0));
        assertTrue(s.startAtOnce(RequestKind.GET, 2));
        assertFalse(s.startAtOnce(RequestKind.GET, 1), "the limit is reached");
        s.enqueue(files("a", "alice", RequestKind.GET, 1));
        assertEquals(Optional.empty(), s.next(RequestKind.GET), "no place for a queued file either");
        s.notAtOnce(RequestKind.GET, 2);
        assertTrue(s.next(RequestKind.GET).isPresent());
    }

    @Test
    void filesServedAtOnceMustFitInTheQueue() throws SrmException {
        Scheduler s = scheduler(2, 4);
        s.enqueue(files("p", "alice", RequestKind.PUT, 1));
        assertFalse(s.startAtOnce(RequestKind.GET, 2), "queued, they would not fit: the request is refused busy");
        assertTrue(s.startAtOnce(RequestKind.GET, 1));
    }

    @Test
    void theTimeFilesServedAtOnceTookCountsInTheEstimates() throws SrmException {
        Scheduler s = scheduler(100, 1);
        for (int i = 0; i < 20; i++) {
            assertTrue(s.startAtOnce(RequestKind.GET, 1));
            s.doneAtOnce(RequestKind.GET, 1, Duration.ZERO);
        }
        s.enqueue(files("a", "alice", RequestKind.GET, 3));
        FileWork third = new FileWork(new RequestToken("a"), 2, RequestKind.GET, "alice");
        assertTrue(s.estimatedWait(third).compareTo(Duration.ofMillis(100)) < 0,
                "files took no time lately: " + s.estimatedWait(third));
    }
}

package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FencedException;
import org.opensrm.core.FileState;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.service.UploadJournal;

/**
 * Frontends sharing one real PostgreSQL: their leases, the take-over of a silent frontend's work, the fencing of a
 * frontend that comes back late, and the upload journal they share. Each store here is one frontend.
 */
@Tag("integration")
class FrontendLeasesTest {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();
    private static final Duration DELAY = Duration.ofSeconds(1);
    private static final Owner ALICE = Owner.of("/CN=Alice", "srmuser1");

    @RegisterExtension
    final OpenedFrontends frontends = new OpenedFrontends(PG, 2);

    private RequestStore frontend(String name) throws Exception {
        return frontends.frontend(name);
    }

    private static NewRequest put(String name) {
        return new NewRequest(RequestKind.PUT, ALICE, Optional.empty(), Map.of(), Duration.ofHours(1),
                List.of(NewFile.of("srm://h/" + name)));
    }

    private static FrontendLeases leases(RequestStore s) {
        return s.leases().orElseThrow();
    }

    /** Takes orphans until some come, while {@code live} keep renewing; fails after 20 s. */
    private static List<FrontendLeases.Taken> takeOnceSilent(RequestStore taker, RequestStore... live)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            for (RequestStore l : live) {
                leases(l).renew();
            }
            List<FrontendLeases.Taken> taken = leases(taker).takeOrphans(DELAY, 100);
            if (!taken.isEmpty()) {
                return taken;
            }
            TimeUnit.MILLISECONDS.sleep(100); // the silence to wait for is the database clock's, not an event
        }
        throw new AssertionError("nothing taken over within 20 s");
    }

    @Test
    void aLiveFrontendsWorkIsNotTakenAndASilentOnesIsTakenAndFenced() throws Exception {
        RequestStore a = frontend("a");
        RequestStore b = frontend("b");
        FrontendLease aLease = leases(a).current();
        Request made = a.create(put("one"));
        assertEquals(List.of(), leases(b).takeOrphans(DELAY, 100), "a's lease is live");
        // held by a: a's engine changes it, b's cannot
        a.updateHeld(made.token(), r -> r.withFile(0, f -> f.moveTo(FileState.IN_PROGRESS), Instant.now()));
        assertThrows(FencedException.class, () -> b.updateHeld(made.token(), r -> r));

        assertTrue(leases(a).renew());
        Instant silentFrom = Instant.now(); // a's last heartbeat was just before
        List<FrontendLeases.Taken> taken = takeOnceSilent(b, b); // a stops renewing
        assertTrue(Duration.between(silentFrom, Instant.now()).compareTo(DELAY.minusMillis(100)) >= 0,
                "not before the delay");
        assertEquals(List.of(new FrontendLeases.Taken(made.token(), Optional.of("a"))), taken);

        // a comes back late: its outcome is refused, the request stays as b has it; its next heartbeat learns it
        FencedException late = assertThrows(FencedException.class, () -> a.updateHeld(made.token(),
                r -> r.withFile(0, f -> f.fail(SrmStatus.SRM_FAILURE, "late"), Instant.now())));
        assertTrue(late.getMessage().contains("held by b#"), late.getMessage());
        assertEquals(FileState.IN_PROGRESS, b.load(made.token()).file(0).state());
        Request byB = b.updateHeld(made.token(), r -> r.withFile(0, f -> f.moveTo(FileState.QUEUED), Instant.now()));
        assertEquals(FileState.QUEUED, byB.file(0).state());
        assertFalse(leases(a).renew(), "a's lease was taken");
        assertTrue(leases(a).current().epoch() > aLease.epoch(), "a works under a new epoch");
        assertThrows(FencedException.class, () -> a.updateHeld(made.token(), r -> r));
        // client calls are never fenced: any frontend answers and changes them
        Request aborted = a.update(made.token(), r -> r.abort("by the client", Instant.now()));
        assertEquals(RequestState.ABORTED, aborted.state());
    }

    @Test
    void heldForTellsHowLongARequestStaysThisFrontendsAndFencesOnceItsLeaseIsTaken() throws Exception {
        RequestStore a = frontend("a");
        RequestStore b = frontend("b");
        FrontendLease aLease = leases(a).current();
        Request first = a.create(put("first"));
        Request second = a.create(put("second"));
        Duration stays = leases(a).heldFor(first.token(), aLease, Duration.ofMinutes(1));
        assertTrue(stays.compareTo(Duration.ofSeconds(50)) > 0 && stays.compareTo(Duration.ofMinutes(1)) <= 0,
                "the delay less the lease's age: " + stays);
        assertThrows(FencedException.class, () -> leases(b).heldFor(first.token(), leases(b).current(),
                Duration.ofMinutes(1)), "not b's");

        // a falls silent; b's pass raises a's epoch and takes one of its two requests
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<FrontendLeases.Taken> taken = List.of();
        while (taken.isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "nothing taken over within 20 s");
            TimeUnit.MILLISECONDS.sleep(100); // the silence to wait for is the database clock's, not an event
            leases(b).renew();
            taken = leases(b).takeOrphans(DELAY, 1);
        }
        RequestToken byB = taken.get(0).token();
        RequestToken left = byB.equals(first.token()) ? second.token() : first.token();
        FencedException heldByB = assertThrows(FencedException.class, () -> leases(a).heldFor(byB, aLease, DELAY));
        assertTrue(heldByB.getMessage().contains("held by b#"), heldByB.getMessage());
        FencedException leaseTaken = assertThrows(FencedException.class,
                () -> leases(a).heldFor(left, aLease, DELAY), "still held under a's lease, but that was taken");
        assertTrue(leaseTaken.getMessage().contains("lease was taken over"), leaseTaken.getMessage());
    }

    @Test
    void aRestartUnderTheSameNameTakesItsEarlierRunsWorkAtOnce() throws Exception {
        RequestStore first = frontend("a");
        Request made = first.create(put("restarted"));
        RequestStore second = frontend("a"); // the same name again: a new epoch, the old one's work is orphaned
        assertEquals(List.of(new FrontendLeases.Taken(made.token(), Optional.of("a"))),
                leases(second).takeOrphans(Duration.ofHours(1), 100), "without waiting for any delay");
        assertThrows(FencedException.class, () -> first.updateHeld(made.token(), r -> r));
    }

    @Test
    void frontendsTakingAtOnceNeverTakeTheSameRequestAndLoseNone() throws Exception {
        RequestStore dead = frontend("dead");
        Set<RequestToken> made = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            made.add(dead.create(put("f" + i)).token());
        }
        RequestStore b = frontend("b");
        RequestStore c = frontend("c");
        takeOnceSilentNone(b, c);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Callable<List<RequestToken>> byB = () -> drain(b);
            Callable<List<RequestToken>> byC = () -> drain(c);
            Future<List<RequestToken>> fb = pool.submit(byB);
            Future<List<RequestToken>> fc = pool.submit(byC);
            List<RequestToken> all = new ArrayList<>(fb.get(30, TimeUnit.SECONDS));
            all.addAll(fc.get(30, TimeUnit.SECONDS));
            assertEquals(made.size(), all.size(), "each request taken exactly once");
            assertEquals(made, new HashSet<>(all), "none lost");
        } finally {
            pool.shutdownNow();
        }
    }

    /** Waits until the dead frontend's lease is silent for longer than the delay (b and c keep renewing). */
    private static void takeOnceSilentNone(RequestStore b, RequestStore c) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (leases(b).live(DELAY) != 2) {
            assertTrue(System.nanoTime() < deadline, "the dead frontend's lease stays live");
            leases(b).renew();
            leases(c).renew();
            TimeUnit.MILLISECONDS.sleep(100); // the database clock's silence
        }
    }

    /** Takes orphans in small batches until none is left. */
    private static List<RequestToken> drain(RequestStore s) throws Exception {
        List<RequestToken> mine = new ArrayList<>();
        while (true) {
            List<FrontendLeases.Taken> t = leases(s).takeOrphans(DELAY, 7);
            if (t.isEmpty()) {
                return mine;
            }
            t.forEach(x -> mine.add(x.token()));
        }
    }

    @Test
    void theUploadJournalIsOneForEveryFrontend() throws Exception {
        UploadJournal onA = RequestStores.sharedUploads(frontend("a")).orElseThrow();
        UploadJournal onB = RequestStores.sharedUploads(frontend("b")).orElseThrow();
        Account alice = new Account("srmuser1", 1001, 1001, Set.of(1001, 2000));
        SrmPath target = SrmPath.of("/alice/dir/file_1%.bin");
        SrmPath upload = SrmPath.of("/.srm-staging/srmuser1/u1");
        Instant now = Instant.now();
        onA.put(new UploadJournal.Entry(alice, Optional.of(target), upload, now.plusSeconds(60)));

        UploadJournal.Entry seen = onB.openTo(target, now).orElseThrow();
        assertEquals(new UploadJournal.Entry(alice, Optional.of(target), upload, Instant.ofEpochMilli(
                now.plusSeconds(60).toEpochMilli())), seen);
        assertTrue(onB.openInto(SrmPath.of("/alice/dir"), false, now));
        assertTrue(onB.openInto(SrmPath.of("/alice"), true, now));
        assertFalse(onB.openInto(SrmPath.of("/alice"), false, now), "not directly in /alice");
        assertFalse(onB.openInto(SrmPath.of("/alice/di"), true, now), "a prefix of a name is not a directory");
        assertTrue(onB.openTo(target, now.plusSeconds(61)).isEmpty(), "expired");
        assertEquals(1, onB.expired(now.plusSeconds(61), 10).size());

        onB.put(new UploadJournal.Entry(alice, Optional.empty(), upload, now.plusSeconds(60))); // aborted
        assertTrue(onA.openTo(target, now).isEmpty(), "an aborted put's tombstone makes nothing busy");
        onA.remove(upload);
        assertEquals(0, onB.size());
    }
}

package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;
import static org.opensrm.core.full.FullModeFixture.await;
import static org.opensrm.core.full.FullModeFixture.get;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferResult;

/** The engine under the services: doors that come and go, fair share, the queue's estimates, restarts. */
@Isolated("counts the threads full mode starts by name, as another class's full mode would name them too")
class EngineTest extends FullModeTestBase {
    @BeforeEach
    void setUp() throws Exception {
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1, new byte[7]);
        LocalAccounts.file(root.resolve("bobs/b.root"), LocalAccounts.SRMUSER2, new byte[5]);
    }

    private TransferResult status(FullMode full, org.opensrm.core.service.Caller who, String token) throws Exception {
        return full.gets().status(who, RequestKind.GET, token, List.of());
    }

    /** Waits until the selector was asked {@code times} more times whether a door is up. */
    private void awaitDoorChecks(int times) throws Exception {
        int target = fx.doorChecks.get() + times;
        await(fx.doorChecks::get, n -> n >= target);
    }

    /** Once full mode's close returns, every thread it started (workers of each kind, the reaper) has ended. */
    @Test
    void closeReturnsOnlyOnceEveryThreadOfFullModeHasEnded() throws Exception {
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        FullMode full = fx.start();
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        fx.awaitServed(() -> status(full, ALICE, made.token()));
        List<Thread> started = Thread.getAllStackTraces().keySet().stream().filter(t -> !before.contains(t))
                .filter(t -> t.getName().matches("srm-(reaper|(get|put|bring_online|ls)-\\d+)")).toList();
        assertTrue(started.stream().anyMatch(t -> t.getName().equals("srm-reaper")), started::toString);
        assertTrue(started.stream().anyMatch(t -> t.getName().startsWith("srm-get-")), started::toString);

        fx.stop();
        assertEquals(List.of(), started.stream().filter(Thread::isAlive).map(Thread::getName).toList());
    }

    @Test
    void withoutAHealthyDoorAFileStaysQueuedAndIsServedWhenADoorReturns() throws Exception {
        fx.doorsUp.set(false);
        FullMode full = fx.start();
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        awaitDoorChecks(3 * FullModeFixture.DOORS.size()); // three attempts, with back-off between them
        TransferResult waiting = status(full, ALICE, made.token());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, waiting.status());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, waiting.files().get(0).status());

        fx.doorsUp.set(true);
        TransferResult served = fx.awaitServed(() -> status(full, ALICE, made.token()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, served.files().get(0).status());
    }

    @Test
    void oneUsersThousandFilesDoNotDelayAnothersSingleFile() throws Exception {
        fx.doorsUp.set(false);
        FullMode full = fx.start(FullModeFixture.config().workers(RequestKind.GET, 1).build(),
                SchedulerConfig.builder().maxInProgress(RequestKind.GET, 1).build());
        List<String> many = Collections.nCopies(1000, "/data/a.root");
        TransferResult alice = full.gets().prepare(ALICE, RequestKind.GET, get(many.toArray(String[]::new)));
        TransferResult bob = full.gets().prepare(BOB, RequestKind.GET, get("/bobs/b.root"));

        int alice100th = alice.files().get(99).estimatedWaitSeconds();
        int aliceLast = alice.files().get(999).estimatedWaitSeconds();
        int bobs = status(full, BOB, bob.token()).files().get(0).estimatedWaitSeconds();
        // from the real queue, at the scheduler's initial second per file and one file in progress at a time:
        // Alice's 100th file waits for the 99 before it (the queue is asked about her first 100 files, later
        // ones get that lower bound); at most one of Alice's (and one in progress) is ahead of Bob's
        assertTrue(alice100th >= 99, "Alice's 100th file waits for the 99 before it: " + alice100th);
        assertEquals(alice100th, aliceLast);
        assertTrue(bobs <= 3, "Bob's single file waits for at most one of Alice's turns: " + bobs);

        fx.doorsUp.set(true);
        TransferResult bobServed = fx.awaitServed(() -> status(full, BOB, bob.token()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, bobServed.files().get(0).status());
        long aliceServed = status(full, ALICE, alice.token()).files().stream()
                .filter(f -> f.status() == SrmStatus.SRM_FILE_PINNED).count();
        assertTrue(aliceServed <= 3, "Bob's file was served after " + aliceServed + " of Alice's 1,000");
    }

    @Test
    void afterARestartTokensAnswerTheirStateAndQueuedWorkResumes() throws Exception {
        fx.doorsUp.set(false);
        FullMode before = fx.start();
        TransferResult get = before.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root", "/data/a.root"));
        TransferResult put = before.puts().prepare(ALICE, new PutRequest(List.of(new PutFile(surl("/data/p.root"),
                0)), List.of(), false, Optional.empty(), Optional.empty(), RequestOptions.NONE));
        TransferResult online = before.gets().prepare(ALICE, RequestKind.BRING_ONLINE, get("/data/a.root"));
        TransferResult shortLived = before.gets().prepare(ALICE, RequestKind.GET, new org.opensrm.core.service
                .GetRequest(List.of(surl("/data/a.root")), List.of(), Optional.empty(),
                new RequestOptions(Optional.empty(), Optional.of(java.time.Duration.ofMinutes(1)))));
        fx.awaitServed(() -> before.gets().status(ALICE, RequestKind.BRING_ONLINE, online.token(), List.of()));
        awaitDoorChecks(2 * FullModeFixture.DOORS.size());
        fx.stop();

        // a process that died while working on a file leaves it in progress
        fx.store = org.opensrm.stores.RequestStores.embedded(fx.state, fx.clock);
        RequestToken token = new RequestToken(get.token());
        Request left = fx.store.update(token, r -> r.withFile(1, f -> f.moveTo(FileState.IN_PROGRESS),
                fx.clock.instant()));
        assertEquals(RequestState.IN_PROGRESS, left.state());
        fx.store.close();

        fx.clock.advance(java.time.Duration.ofMinutes(2)); // the server stays down for two minutes
        fx.doorsUp.set(true);
        FullMode after = fx.start();
        TransferResult expired = status(after, ALICE, shortLived.token());
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, expired.status(), "its lifetime ran out meanwhile");
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, expired.files().get(0).status());
        assertEquals(SrmStatus.SRM_SUCCESS,
                after.gets().status(ALICE, RequestKind.BRING_ONLINE, online.token(), List.of()).status(),
                "a finished request answers as before");
        TransferResult served = fx.awaitServed(() -> status(after, ALICE, get.token()));
        assertEquals(SrmStatus.SRM_SUCCESS, served.status());
        served.files().forEach(f -> assertEquals(SrmStatus.SRM_FILE_PINNED, f.status()));
        TransferResult space = fx.awaitServed(() -> after.puts().status(ALICE, put.token(), List.of()));
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, space.files().get(0).status());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, org.junit.jupiter.api.Assertions.assertThrows(
                org.opensrm.common.SrmException.class, () -> status(after, BOB, get.token())).status());
    }

    @Test
    void aSuspendedRequestsFilesAreDroppedAndServedOnceItIsQueuedAgain() throws Exception {
        fx.doorsUp.set(false);
        FullMode full = fx.start();
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        RequestToken token = new RequestToken(made.token());
        // what srmSuspendRequest does through the store and the work queue
        full.store().update(token, r -> r.moveTo(RequestState.SUSPENDED, "suspended", fx.clock.instant()));
        full.workQueue().cancel(token);
        fx.doorsUp.set(true);
        TransferResult other = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        fx.awaitServed(() -> status(full, ALICE, other.token()));
        assertEquals(SrmStatus.SRM_REQUEST_SUSPENDED, status(full, ALICE, made.token()).status());
        assertEquals(0, full.scheduler().queued());

        Request resumed = full.store().update(token, r -> r.moveTo(RequestState.QUEUED, "", fx.clock.instant()));
        full.workQueue().enqueue(resumed);
        assertEquals(SrmStatus.SRM_FILE_PINNED,
                fx.awaitServed(() -> status(full, ALICE, made.token())).files().get(0).status());
    }

    @Test
    void aRequestServedWithinTheAnswerTimeIsAnsweredWithItsOutcome() throws Exception {
        FullMode full = fx.start(FullModeFixture.config().answerWithin(java.time.Duration.ofSeconds(20)).build(),
                SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(SrmStatus.SRM_FILE_PINNED, r.files().get(0).status());
        assertEquals(0, r.files().get(0).estimatedWaitSeconds());
    }

    @Test
    void aRequestNotServedWithinTheAnswerTimeIsAnsweredQueued() throws Exception {
        fx.doorsUp.set(false);
        FullMode full = fx.start(FullModeFixture.config().answerWithin(java.time.Duration.ofMillis(200)).build(),
                SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, r.status());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, r.files().get(0).status());
    }
}

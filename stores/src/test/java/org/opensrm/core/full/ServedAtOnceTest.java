package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;
import static org.opensrm.core.full.FullModeFixture.get;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.stores.RequestStores;
import org.opensrm.core.RequestToken;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferResult;

/**
 * A small get or bring-online served at once in the caller's thread ({@link Dispatcher#serveAtOnce}): kept in the
 * store once, already served, exactly as the workers would have kept it; and queued as before whenever that cannot
 * be done (no door, the account database or the store unreachable, no free place, files of its kind queued).
 * The store counts the writes, which tells the two paths apart.
 */
class ServedAtOnceTest extends FullModeTestBase {
    private static final Duration LONG = Duration.ofSeconds(20);
    private static final Duration SHORT = Duration.ofMillis(200);

    private CountingStore store;

    @BeforeEach
    void setUp() throws Exception {
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1, new byte[7]);
        LocalAccounts.file(root.resolve("data/b.root"), LocalAccounts.SRMUSER1, new byte[9]);
        LocalAccounts.file(root.resolve("bobs/b.root"), LocalAccounts.SRMUSER2, new byte[5]);
    }

    private FullMode start(Duration answerWithin, SchedulerConfig scheduler) throws SrmException {
        return start(FullModeFixture.config().answerWithin(answerWithin).build(), scheduler);
    }

    private FullMode start(FullModeConfig config, SchedulerConfig scheduler) throws SrmException {
        store = new CountingStore(RequestStores.embedded(fx.state, fx.clock));
        return fx.start(store, config, scheduler);
    }

    private Request kept(TransferResult answer) throws SrmException {
        return store.load(new RequestToken(answer.token()));
    }

    private void assertKeptOnceServed() {
        assertEquals(List.of(1, 0, 0), List.of(store.createsChanged.get(), store.creates.get(), store.updates.get()),
                "created served (once), created queued, updated");
    }

    private void assertQueued() {
        assertEquals(0, store.createsChanged.get(), "not kept served at once");
        assertEquals(1, store.creates.get(), "created queued");
    }

    @Test
    void aSmallGetIsKeptOnceAlreadyPinnedWithItsTurl() throws Exception {
        FullMode full = start(LONG, SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));

        assertKeptOnceServed();
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(SrmStatus.SRM_FILE_PINNED, r.files().get(0).status());
        assertEquals(7L, r.files().get(0).size());
        assertEquals(0, r.files().get(0).estimatedWaitSeconds());
        assertTrue(r.files().get(0).turl().startsWith("gsiftp://localhost:281"), r.files().get(0).turl());
        Request kept = kept(r);
        assertEquals(Optional.of(fx.clock.instant().plus(full.config().defaultPinLifetime())),
                kept.file(0).pinExpiresAt());
        assertEquals(Optional.empty(), kept.finishedAt(), "a pin is held");
        assertEquals(0, full.scheduler().inProgress(RequestKind.GET), "its place is free again");
        assertEquals(r.files().get(0).turl(), full.gets().status(ALICE, RequestKind.GET, r.token(), List.of())
                .files().get(0).turl());
    }

    @Test
    void aSmallBringOnlineIsKeptOnceWithItsPinAndNoTurl() throws Exception {
        FullMode full = start(LONG, SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.BRING_ONLINE, get("/data/a.root", "/data/b.root"));

        assertKeptOnceServed();
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        r.files().forEach(f -> assertEquals(SrmStatus.SRM_SUCCESS, f.status()));
        r.files().forEach(f -> assertEquals(null, f.turl()));
        assertEquals(List.of(7L, 9L), r.files().stream().map(f -> f.size()).toList());
    }

    /**
     * The same request made with an answer time of zero (queued, then served by the workers) and served at once:
     * the store keeps the same request, only the token and the door chosen differ.
     */
    @Test
    void whatIsKeptIsWhatTheWorkersKeep() throws Exception {
        GetRequest asked = new GetRequest(List.of(surl("/data/a.root"), "srm://elsewhere.org/data/a.root",
                surl("/data/missing.root"), surl("/bobs/secret.root")), List.of(), Optional.empty(),
                RequestOptions.NONE);
        LocalAccounts.own(LocalAccounts.file(root.resolve("bobs/secret.root"), LocalAccounts.SRMUSER2, new byte[3]),
                LocalAccounts.SRMUSER2, "rw-------");
        FullMode queued = start(Duration.ZERO, SchedulerConfig.builder().build());
        TransferResult first = queued.gets().prepare(ALICE, RequestKind.GET, asked);
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, first.files().get(0).status());
        fx.awaitServed(() -> queued.gets().status(ALICE, RequestKind.GET, first.token(), List.of()));
        Request byWorkers = kept(first);
        assertEquals(0, store.createsChanged.get());
        fx.stop();

        FullMode atOnce = start(LONG, SchedulerConfig.builder().build());
        TransferResult second = atOnce.gets().prepare(ALICE, RequestKind.GET, asked);
        assertKeptOnceServed();
        Request served = kept(second);
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, second.status());
        assertEquals(List.of(SrmStatus.SRM_FILE_PINNED, SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_INVALID_PATH,
                SrmStatus.SRM_AUTHORIZATION_FAILURE), second.files().stream().map(f -> f.status()).toList());
        assertEquals(anyDoor(withToken(byWorkers, served.token())), anyDoor(served));
    }

    private static Request withToken(Request r, RequestToken token) {
        return new Request(token, r.kind(), r.owner(), r.description(), r.parameters(), r.createdAt(), r.expiresAt(),
                r.state(), r.explanation(), r.finishedAt(), r.files());
    }

    /** The request with the door of each TURL left out (the selector takes turns). */
    private static Request anyDoor(Request r) {
        List<FileRequest> files = r.files().stream().map(f -> new FileRequest(f.index(), f.surl(), f.targetSurl(),
                f.state(), f.status(), f.explanation(), f.turl().map(t -> t.replaceFirst(":281[12]/", ":door/")),
                f.size(), f.pinLifetime(), f.fileLifetime(), f.pinExpiresAt())).toList();
        return new Request(r.token(), r.kind(), r.owner(), r.description(), r.parameters(), r.createdAt(),
                r.expiresAt(), r.state(), r.explanation(), r.finishedAt(), files);
    }

    @Test
    void withoutAHealthyDoorItIsQueuedAndServedOnceADoorReturns() throws Exception {
        fx.doorsUp.set(false);
        FullMode full = start(SHORT, SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertQueued();
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, r.status());

        fx.doorsUp.set(true);
        TransferResult served = fx.awaitServed(() -> full.gets().status(ALICE, RequestKind.GET, r.token(), List.of()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, served.files().get(0).status());
    }

    @Test
    void whenTheAccountDatabaseCannotBeAskedItIsQueuedAndServedLater() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        fx.accounts = name -> {
            if (asked.getAndIncrement() == 0) {
                throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "account database unreachable (test)");
            }
            return LocalAccounts.byName(name);
        };
        FullMode full = start(LONG, SchedulerConfig.builder().build());
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertQueued();
        assertTrue(asked.get() >= 2, "asked at once, then by a worker");
        assertEquals(SrmStatus.SRM_FILE_PINNED,
                fx.awaitServed(() -> full.gets().status(ALICE, RequestKind.GET, r.token(), List.of()))
                        .files().get(0).status());
    }

    @Test
    void whenTheStoreFailsToKeepItServedItIsQueuedAsBefore() throws Exception {
        FullMode full = start(LONG, SchedulerConfig.builder().build());
        store.failCreateChanged.set(true);
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertQueued();
        assertEquals(SrmStatus.SRM_FILE_PINNED, r.files().get(0).status(), "served by a worker within the answer time");
        assertEquals(1, store.updates.get(), "the worker's pin");
    }

    @Test
    void withoutAFreePlaceItIsQueuedAndTakesThePlaceOnceFree() throws Exception {
        FullMode full = start(SHORT, SchedulerConfig.builder().maxInProgress(RequestKind.GET, 1).build());
        assertTrue(full.scheduler().startAtOnce(RequestKind.GET, 1), "the one place, taken by the test");
        TransferResult r = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertQueued();
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, r.status());
        assertEquals(1, full.scheduler().queued());

        assertTrue(full.scheduler().notAtOnce(RequestKind.GET, 1), "a file of its kind waits for the place");
        assertEquals(SrmStatus.SRM_FILE_PINNED,
                fx.awaitServed(() -> full.gets().status(ALICE, RequestKind.GET, r.token(), List.of()))
                        .files().get(0).status());
    }

    /**
     * Alice's large get is queued (more files than are served at once) and its first file is held in progress by
     * the one worker (its account lookup waits); Bob's single file, with places free, is not served past Alice's
     * queued files but queued behind them and served in his turn, while a bring-online (another kind, nothing of
     * it queued) is still served at once.
     */
    @Test
    void aQueuedUserIsNotOvertaken() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> byWorkers = new CopyOnWriteArrayList<>();
        fx.accounts = name -> {
            if (Thread.currentThread().getName().startsWith("srm-get-")) {
                byWorkers.add(name);
                if (byWorkers.size() == 1) {
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            return LocalAccounts.byName(name);
        };
        FullMode full = start(FullModeFixture.config().answerWithin(SHORT).workers(RequestKind.GET, 1).build(),
                SchedulerConfig.builder().maxInProgress(RequestKind.GET, 4).build());
        TransferResult alices = full.gets().prepare(ALICE, RequestKind.GET,
                get("/data/a.root", "/data/b.root", "/data/a.root", "/data/b.root", "/data/a.root"));
        assertTrue(held.await(FullModeFixture.WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, full.scheduler().inProgress(RequestKind.GET), "three places are free");
        assertEquals(4, full.scheduler().queued());

        TransferResult bobs = full.gets().prepare(BOB, RequestKind.GET, get("/bobs/b.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, bobs.status());
        TransferResult online = full.gets().prepare(BOB, RequestKind.BRING_ONLINE, get("/bobs/b.root"));
        assertEquals(SrmStatus.SRM_SUCCESS, online.status());
        assertEquals(1, store.createsChanged.get(), "only the bring-online was kept served at once");
        assertEquals(2, store.creates.get(), "Alice's and Bob's gets were created queued");

        release.countDown();
        fx.awaitServed(() -> full.gets().status(BOB, RequestKind.GET, bobs.token(), List.of()));
        fx.awaitServed(() -> full.gets().status(ALICE, RequestKind.GET, alices.token(), List.of()));
        String alice = ALICE.owner().account();
        String bob = BOB.owner().account();
        assertEquals(List.of(alice, alice, bob, alice, alice, alice), byWorkers,
                "Bob's file is served after the file in progress and one turn of Alice's");
    }
}

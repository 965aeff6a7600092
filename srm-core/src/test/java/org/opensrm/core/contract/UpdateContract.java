package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#update}. */
public abstract class UpdateContract extends RequestStoreContract {

    /** Runs {@code work(i)} for i in [0, n) on 8 threads; returns each outcome (result or failure) in order. */
    private static List<Future<Request>> inParallel(int n, IndexedCall work) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Request>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                done.add(pool.submit(() -> work.call(index)));
            }
            for (Future<Request> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    // the caller looks at each outcome
                }
            }
            return done;
        } finally {
            pool.shutdown();
        }
    }

    @FunctionalInterface
    private interface IndexedCall {
        Request call(int index) throws Exception;
    }

    private boolean unsupported(Request r) {
        return declaredUnsupported(store.capabilities().keepsTransitions(),
                () -> store.update(r.token(), cur -> cur.moveTo(RequestState.SUSPENDED, "", clock.instant())));
    }

    @Test
    void aServedFileIsKeptWithItsTurlAndPin() throws Exception {
        Request r = create(RequestKind.GET, alice, 2);
        if (unsupported(r)) {
            return;
        }
        Request after = serve(r.token(), 1);
        Request loaded = store.load(r.token());
        assertEquals(after, loaded);
        assertEquals(FileState.FILE_PINNED, loaded.file(1).state());
        assertEquals(SrmStatus.SRM_FILE_PINNED, loaded.file(1).status());
        assertEquals(Optional.of("gsiftp://door.example.org:2811/data/f1"), loaded.file(1).turl());
        assertEquals(Optional.of(START.plus(Duration.ofMinutes(5))), loaded.file(1).pinExpiresAt());
        assertEquals(RequestState.IN_PROGRESS, loaded.state());
    }

    @Test
    void theRequestStateDerivedFromItsFilesIsKept() throws Exception {
        Request r = create(RequestKind.GET, alice, 2);
        if (unsupported(r)) {
            return;
        }
        serve(r.token(), 0);
        store.update(r.token(), cur -> cur.withFile(1,
                f -> f.fail(SrmStatus.SRM_INVALID_PATH, "no such file"), clock.instant()));
        Request loaded = store.load(r.token());
        assertEquals(RequestState.PARTIAL_SUCCESS, loaded.state());
        assertEquals(SrmStatus.SRM_INVALID_PATH, loaded.file(1).status());
        assertEquals("no such file", loaded.file(1).explanation());
        assertEquals(false, loaded.isFinished());
        clock.advance(Duration.ofSeconds(3));
        Instant releasedAt = clock.instant();
        store.update(r.token(), cur -> cur.withFile(0, f -> f.moveTo(FileState.RELEASED), releasedAt));
        Request finished = store.load(r.token());
        assertEquals(Optional.of(releasedAt), finished.finishedAt());
        assertEquals(Optional.empty(), finished.file(0).pinExpiresAt());
    }

    @Test
    void suspendResumeAndAbortAreKept() throws Exception {
        Request r = create(RequestKind.PUT, bob, 3);
        if (unsupported(r)) {
            return;
        }
        Instant now = clock.instant();
        store.update(r.token(), cur -> cur.moveTo(RequestState.SUSPENDED, "suspended by the user", now));
        assertEquals(RequestState.SUSPENDED, store.load(r.token()).state());
        assertEquals("suspended by the user", store.load(r.token()).explanation());
        store.update(r.token(), cur -> cur.moveTo(RequestState.QUEUED, "", now));
        serve(r.token(), 0);
        store.update(r.token(), cur -> cur.abort("aborted by the user", now));
        Request loaded = store.load(r.token());
        assertEquals(RequestState.ABORTED, loaded.state());
        for (int i = 0; i < 3; i++) {
            assertEquals(FileState.ABORTED, loaded.file(i).state());
        }
        assertEquals(Optional.of(now), loaded.finishedAt());
    }

    @Test
    void aChangeThatThrowsChangesNothing() throws Exception {
        Request r = create(RequestKind.GET, alice, 2);
        if (unsupported(r)) {
            return;
        }
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.update(r.token(), cur -> {
            throw SrmException.invalidRequest("refused");
        }));
        assertThrows(IllegalStateException.class, () -> store.update(r.token(),
                cur -> cur.withFile(0, f -> f.moveTo(FileState.RELEASED), clock.instant())));
        assertEquals(r, store.load(r.token()));
    }

    @Test
    void aChangeMayNotTouchWhatIdentifiesTheRequest() throws Exception {
        Request r = create(RequestKind.GET, alice, 1);
        Request other = create(RequestKind.GET, bob, 1);
        if (unsupported(r)) {
            return;
        }
        assertThrows(IllegalStateException.class, () -> store.update(r.token(), cur -> other));
        assertEquals(r, store.load(r.token()));
    }

    @Test
    void anUnknownTokenIsAnInvalidRequest() {
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.update(new RequestToken("unknown"), cur -> cur));
    }

    @Test
    void concurrentUpdatesOfOneRequestAreNeverLost() throws Exception {
        int files = 16;
        Request r = create(RequestKind.BRING_ONLINE, alice, files);
        if (unsupported(r)) {
            return;
        }
        for (Future<Request> f : inParallel(files, index -> serve(r.token(), index))) {
            f.get();
        }
        Request loaded = store.load(r.token());
        for (int i = 0; i < files; i++) {
            assertEquals(FileState.SUCCESS, loaded.file(i).state(), "file " + i);
        }
        assertEquals(RequestState.SUCCESS, loaded.state());
    }

    @Test
    void aChangeThatFailsAmongConcurrentOnesIsRolledBackAlone() throws Exception {
        int files = 16;
        Request r = create(RequestKind.GET, alice, files);
        if (unsupported(r)) {
            return;
        }
        List<Future<Request>> done = inParallel(files, index -> index % 2 == 0 ? serve(r.token(), index)
                : store.update(r.token(), cur -> {
                    cur.withFile(index, f -> f.moveTo(FileState.IN_PROGRESS), clock.instant());
                    throw SrmException.invalidRequest("refused " + index);
                }));
        for (int i = 0; i < files; i++) {
            try {
                done.get(i).get();
                assertEquals(0, i % 2, "only the odd changes fail");
            } catch (ExecutionException e) {
                assertEquals(1, i % 2, "only the odd changes fail");
                assertEquals(SrmStatus.SRM_INVALID_REQUEST, ((SrmException) e.getCause()).status());
            }
        }
        Request loaded = store.load(r.token());
        for (int i = 0; i < files; i++) {
            assertEquals(i % 2 == 0 ? FileState.FILE_PINNED : FileState.QUEUED, loaded.file(i).state(), "file " + i);
        }
    }
}

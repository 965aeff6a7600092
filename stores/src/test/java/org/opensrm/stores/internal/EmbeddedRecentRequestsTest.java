package org.opensrm.stores.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.contract.TestClock;

/**
 * The embedded store reading what it wrote last from {@link RecentRequests}: every read gives what the database
 * holds (checked against a second store on the same file that reads SQL only), through failed writes, batches
 * rolled back as a whole, purges, readers racing the writer and the bound.
 */
class EmbeddedRecentRequestsTest {
    private static final Owner ALICE = Owner.of("/DC=org/CN=Alice", "alice");

    @TempDir
    Path dir;
    private final TestClock clock = new TestClock(Instant.parse("2030-01-01T00:00:00Z"));
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private RecentRequests recent;
    private Database db;
    private JdbcRequestStore store;
    private JdbcRequestStore database;

    private void open(int limit) throws SrmException {
        recent = new RecentRequests(limit);
        Path file = dir.resolve("requests.db");
        db = Databases.sqlite(file, recent);
        store = new JdbcRequestStore(db, clock, new TokenGenerator(), recent);
        database = new JdbcRequestStore(Databases.sqlite(file), clock, new TokenGenerator());
    }

    @AfterEach
    void close() {
        threads.shutdownNow();
        if (store != null) {
            store.close();
            database.close();
        }
    }

    private Request create(int files) throws SrmException {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(NewFile.of("srm://localhost/data/f" + i));
        }
        return store.create(NewRequest.of(RequestKind.GET, ALICE, Duration.ofMinutes(5), list));
    }

    private Request serve(RequestToken token) throws SrmException {
        Instant now = clock.instant();
        return store.update(token, r -> r.withFile(0, f -> f.ready(r.kind(), Optional.of("gsiftp://door/f"),
                f.size(), now), now));
    }

    /** The store's read equals the database's: kept or not, the store never answers other than SQL would. */
    private Request assertAsStored(RequestToken token) throws SrmException {
        Request read = store.load(token);
        assertEquals(database.load(token), read);
        return read;
    }

    @Test
    void readsOfWhatWasJustWrittenComeFromMemoryAndEqualTheDatabase() throws Exception {
        open(RecentRequests.EMBEDDED_LIMIT);
        Request made = create(2);
        assertSame(made, store.load(made.token()));
        assertSame(made, store.loadOwned(made.token(), ALICE));
        Request served = serve(made.token());
        assertSame(served, assertAsStored(made.token()));
        assertNotSame(served, database.load(made.token()), "the second store reads SQL");
    }

    @Test
    void aFailedWriteLeavesTheRequestAsLastCommitted() throws Exception {
        open(RecentRequests.EMBEDDED_LIMIT);
        Request made = create(1);
        assertThrows(SrmException.class, () -> store.update(made.token(), r -> {
            throw SrmException.invalidRequest("no");
        }));
        assertSame(made, assertAsStored(made.token()));
    }

    @Test
    void writesOfOneRequestInOneBatchSeeEachOther() throws Exception {
        open(RecentRequests.EMBEDDED_LIMIT);
        Request made = create(1);
        AtomicReference<Request> seen = new AtomicReference<>();
        List<Future<Request>> writes = inOneBatch(
                () -> serve(made.token()),
                () -> store.update(made.token(), r -> {
                    seen.set(r);
                    return r.withFile(0, f -> f.moveTo(FileState.RELEASED), clock.instant());
                }));
        Request served = writes.get(0).get();
        assertSame(served, seen.get(), "the second write read the first one's request, not the committed one");
        assertSame(writes.get(1).get(), assertAsStored(made.token()));
        assertEquals(FileState.RELEASED, store.load(made.token()).file(0).state());
    }

    @Test
    void aBatchRolledBackAsAWholeIsForgotten() throws Exception {
        open(RecentRequests.EMBEDDED_LIMIT);
        Request made = create(1);
        List<Future<Object>> writes = inOneBatch(
                () -> serve(made.token()),
                () -> db.write(c -> {
                    try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK"); // ends the batch's transaction: its commit must fail
                    }
                    return null;
                }));
        for (Future<Object> write : writes) {
            ExecutionException e = assertThrows(ExecutionException.class, write::get);
            assertEquals(SrmStatus.SRM_INTERNAL_ERROR, ((SrmException) e.getCause()).status());
        }
        assertEquals(made, assertAsStored(made.token()), "the serve rolled back with its batch");
        assertEquals(0, recent.size());
        Request served = serve(made.token());
        assertEquals(FileState.FILE_PINNED, served.file(0).state(), "the writer commits again");
        assertSame(served, assertAsStored(made.token()));
    }

    @Test
    void aPurgeForgetsWhatItDeletedAndLaterWritesOfTheBatchSeeThat() throws Exception {
        open(RecentRequests.EMBEDDED_LIMIT);
        Request finished = store.update(create(1).token(), r -> r.abort("done", clock.instant()));
        Request active = create(1);
        clock.advance(Duration.ofMinutes(1));
        List<Future<Object>> writes = inOneBatch(
                () -> store.purgeFinished(clock.instant()),
                () -> serve(finished.token()),
                () -> serve(active.token()));
        assertEquals(1, writes.get(0).get());
        ExecutionException e = assertThrows(ExecutionException.class, writes.get(1)::get);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, ((SrmException) e.getCause()).status());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, assertThrows(SrmException.class,
                () -> store.load(finished.token())).status());
        assertSame(writes.get(2).get(), assertAsStored(active.token()));
    }

    @Test
    void readersRacingTheWriterNeverSeeARequestGoBack() throws Exception {
        open(8); // small: the request is dropped and kept again while it is read
        Request made = create(1);
        Instant start = made.expiresAt();
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Future<Integer>> readers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            readers.add(threads.submit(() -> {
                Instant last = start;
                int reads = 0;
                while (writing.get()) {
                    Instant now = store.load(made.token()).expiresAt();
                    assertTrue(!now.isBefore(last), now + " read after " + last);
                    last = now;
                    reads++;
                }
                return reads;
            }));
        }
        Future<?> others = threads.submit(() -> {
            while (writing.get()) {
                create(1); // pushes the request out of the bound now and then
            }
            return null;
        });
        try {
            for (int i = 1; i <= 300; i++) {
                Instant expiry = start.plusSeconds(i);
                store.update(made.token(), r -> r.withExpiry(expiry));
                assertEquals(expiry, store.load(made.token()).expiresAt(), "a writer reads its own write");
            }
        } finally {
            writing.set(false);
        }
        for (Future<Integer> reader : readers) {
            assertTrue(reader.get() > 0);
        }
        others.get();
        assertEquals(start.plusSeconds(300), assertAsStored(made.token()).expiresAt());
    }

    @Test
    void theBoundKeepsTheMostRecentlyWrittenAndTheRestIsReadFromTheDatabase() throws Exception {
        open(4);
        Request a = create(1);
        Request b = create(1);
        Request c = create(1); // three requests of one file: 6 > 4, a goes
        assertEquals(2, recent.size());
        assertNotSame(a, store.load(a.token()));
        assertEquals(a, assertAsStored(a.token()));
        assertSame(b, store.load(b.token()));
        assertSame(c, store.load(c.token()));
        Request servedA = serve(a.token());
        assertSame(servedA, store.load(a.token()));
        assertEquals(b, assertAsStored(b.token()));
        assertNotSame(b, store.load(b.token()), "b, now the least recently written, was dropped");
        Request big = create(4);
        assertEquals(big, assertAsStored(big.token()));
        assertNotSame(big, store.load(big.token()), "larger than the bound: not kept");
        assertTrue(recent.size() <= 2);
    }

    @Test
    void theStoreOverPostgresqlKeepsNothing() throws Exception {
        // the constructor PostgreSQL is opened with: every read is SQL (shown here on SQLite)
        store = new JdbcRequestStore(Databases.sqlite(dir.resolve("p.db")), clock, new TokenGenerator());
        database = store;
        Request made = create(1);
        assertNotSame(made, store.load(made.token()));
        assertEquals(made, store.load(made.token()));
        assertEquals(RequestState.QUEUED, store.load(made.token()).state());
    }

    /** Runs {@code writes} in one transaction of the writer, in this order (each from a thread of its own). */
    @SafeVarargs
    private <T> List<Future<T>> inOneBatch(Call<? extends T>... writes) throws Exception {
        CountDownLatch writerHeld = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        Future<Object> hold = threads.submit(() -> db.write(c -> {
            writerHeld.countDown();
            awaitUninterruptibly(go);
            return null;
        }));
        writerHeld.await();
        List<Future<T>> out = new ArrayList<>();
        for (Call<? extends T> w : writes) {
            out.add(threads.submit(w::call));
            while (db.queuedWrites() < out.size()) {
                Thread.onSpinWait(); // the writes queue in this order behind the held writer
            }
        }
        go.countDown();
        hold.get(30, TimeUnit.SECONDS);
        for (Future<T> f : out) {
            try {
                f.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException expected) {
                // the caller checks
            }
        }
        return out;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // the test holds the writer until it lets go
            }
        }
    }

    @FunctionalInterface
    private interface Call<T> {
        T call() throws Exception;
    }
}

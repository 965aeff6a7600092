package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.contract.StoreFixture;

/**
 * The reaper's behaviour on one store; bound to the embedded store and to PostgreSQL (where two frontends share
 * the store). Each test moves the clock and runs one pass, then asserts on the requests as stored.
 */
abstract class ReaperTests {
    static final Duration PIN = Duration.ofMinutes(10);
    static final ReaperConfig CONFIG = ReaperConfig.builder().interval(Duration.ofMillis(50)).batchSize(2)
            .retention(Duration.ofHours(2)).build();

    @TempDir
    Path root;
    StoreFixture fixture;
    ControlEnv env;
    Reaper reaper;

    /** A fixture over a new, empty store. */
    protected abstract StoreFixture newFixture() throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        fixture = newFixture();
        env = new ControlEnv(root, fixture);
        reaper = env.reaper(CONFIG);
    }

    @AfterEach
    void tearDown() throws Exception {
        reaper.close();
        env.close();
        fixture.close();
    }

    Request get(String... paths) throws SrmException {
        return env.create(RequestKind.GET, env.alice, Optional.empty(), Duration.ofHours(1), PIN, paths);
    }

    @Test
    void aPinThatRanOutExpiresItsFile() throws Exception {
        Request r = get("/data/a", "/data/b");
        env.serve(r, 0);
        env.serve(r, 1);

        env.clock.advance(PIN.minusSeconds(1));
        assertEquals(new Reaper.Pass(0, 0, 0), reaper.runOnce());
        assertEquals(FileState.FILE_PINNED, env.load(r).file(0).state());

        env.clock.advance(Duration.ofSeconds(1));
        assertEquals(new Reaper.Pass(0, 2, 0), reaper.runOnce());
        Request now = env.load(r);
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, now.file(0).state());
        assertEquals(SrmStatus.SRM_FILE_LIFETIME_EXPIRED, now.file(0).status());
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, now.file(1).state());
        assertTrue(now.isFinished());
    }

    @Test
    void anExtendedPinLivesOn() throws Exception {
        Request r = get("/data/a");
        env.serve(r, 0);
        env.clock.advance(PIN.minusSeconds(10));
        env.control.extend(env.alice, r.token().value(), java.util.List.of(ControlEnv.surl("/data/a")), 600);
        env.clock.advance(Duration.ofSeconds(20));
        reaper.runOnce();
        assertEquals(FileState.FILE_PINNED, env.load(r).file(0).state());
    }

    @Test
    void anExpiredPutRemovesItsUploadAndNothingLandsAtTheTarget() throws Exception {
        Request r = env.create(RequestKind.PUT, env.alice, Optional.empty(), Duration.ofHours(1), PIN, "/data/new1");
        env.serve(r, 0);
        Path upload = env.writeUpload(env.alice, r, 0, "half".getBytes(StandardCharsets.UTF_8));

        env.clock.advance(PIN);
        reaper.runOnce();

        assertEquals(FileState.FILE_LIFETIME_EXPIRED, env.load(r).file(0).state());
        assertFalse(Files.exists(upload), "the upload is removed");
        assertFalse(Files.exists(root.resolve("data/new1")), "nothing is visible at the target");
        assertThrows(IllegalStateException.class, () -> env.putDone(r, 0), "srmPutDone can no longer finish it");
    }

    @Test
    void aPutWithSpacePastItsTotalRequestTimeTimesOutAndItsUploadIsRemoved() throws Exception {
        Request r = env.create(RequestKind.PUT, env.alice, Optional.empty(), Duration.ofSeconds(30),
                Duration.ofSeconds(30), "/data/late1"); // the engine never gives a TURL beyond its request
        env.serve(r, 0);
        Path upload = env.writeUpload(env.alice, r, 0, "written, never finished".getBytes(StandardCharsets.UTF_8));
        assertEquals(RequestState.SUCCESS, env.load(r).state(), "its file has space: the request is served");

        env.clock.advance(Duration.ofSeconds(30));
        assertEquals(new Reaper.Pass(1, 0, 0), reaper.runOnce());

        Request now = env.load(r);
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, now.status());
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, now.file(0).status());
        assertFalse(Files.exists(upload), "the upload is removed");
        assertFalse(Files.exists(root.resolve("data/late1")), "nothing is visible at the target");
    }

    @Test
    void anActiveRequestPastItsTotalRequestTimeTimesOut() throws Exception {
        Request r = env.create(RequestKind.GET, env.alice, Optional.empty(), Duration.ofSeconds(30), PIN,
                "/data/a", "/data/b");
        env.serve(r, 0);
        assertTrue(env.queue.holds(r.token()));

        env.clock.advance(Duration.ofSeconds(30));
        assertEquals(new Reaper.Pass(1, 0, 0), reaper.runOnce());

        Request now = env.load(r);
        assertEquals(RequestState.TIMED_OUT, now.state());
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, now.status());
        assertEquals(FileState.FAILED, now.file(1).state());
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, now.file(1).status());
        assertEquals(FileState.FILE_PINNED, now.file(0).state(), "a file served in time keeps its pin");
        assertFalse(env.queue.holds(r.token()), "its queued work is cancelled");
    }

    @Test
    void aSuspendedRequestTimesOutToo() throws Exception {
        Request r = env.create(RequestKind.PUT, env.alice, Optional.empty(), Duration.ofSeconds(30), PIN,
                "/data/new1");
        env.control.suspend(env.alice, r.token().value());
        env.clock.advance(Duration.ofSeconds(31));
        reaper.runOnce();
        assertEquals(RequestState.TIMED_OUT, env.load(r).state());
        assertFalse(Files.exists(env.upload(env.alice, r, 0)));
    }

    @Test
    void finishedRequestsArePurgedAfterTheRetention() throws Exception {
        Request done = get("/data/a");
        env.serve(done, 0);
        env.control.release(env.alice, done.token().value(), java.util.List.of());
        Request active = env.create(RequestKind.GET, env.alice, Optional.empty(), Duration.ofDays(1), PIN,
                "/data/a");

        env.clock.advance(CONFIG.retention().minusSeconds(1));
        assertEquals(0, reaper.runOnce().purged());
        assertEquals(RequestState.SUCCESS, env.load(done).state());

        env.clock.advance(Duration.ofSeconds(2));
        assertEquals(1, reaper.runOnce().purged());
        SrmException e = assertThrows(SrmException.class, () -> env.load(done));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, e.status());
        assertEquals(RequestState.QUEUED, env.load(active).state(), "an active request is never purged");
    }

    @Test
    void aPassHandlesMoreThanOneBatchAndASecondPassHasNothingLeftToDo() throws Exception {
        Request[] rs = new Request[5];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = get("/data/a");
            env.serve(rs[i], 0);
        }
        env.clock.advance(PIN);

        assertEquals(new Reaper.Pass(0, 5, 0), reaper.runOnce());
        assertEquals(new Reaper.Pass(0, 0, 0), reaper.runOnce());
        for (Request r : rs) {
            assertEquals(FileState.FILE_LIFETIME_EXPIRED, env.load(r).file(0).state());
        }
    }

    @Test
    void theBackgroundThreadEnforcesLifetimesUntilStopped() throws Exception {
        Request r = get("/data/a");
        env.serve(r, 0);
        env.clock.advance(PIN);

        reaper.start();
        assertThrows(IllegalStateException.class, reaper::start);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (env.load(r).file(0).state() != FileState.FILE_LIFETIME_EXPIRED && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, env.load(r).file(0).state());
        reaper.close();
        assertFalse(reaperThreadAlive(), "the thread is stopped");
    }

    /**
     * Once close returns, the reaper's thread has ended (not only been told to end): started and closed many times
     * over, no close ever returns while its thread is still alive.
     */
    @Test
    void closeReturnsOnlyOnceTheThreadHasEnded() {
        for (int i = 0; i < 200; i++) {
            reaper.start();
            reaper.close();
            assertFalse(reaperThreadAlive(), "the thread is stopped after close number " + (i + 1));
        }
    }

    private static boolean reaperThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("srm-reaper") && t.isAlive());
    }
}

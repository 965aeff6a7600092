package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Durability;
import org.opensrm.core.FileState;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.testkit.PostgresCluster;

/**
 * What a crash of PostgreSQL may undo (docs/architecture.md, "When a change is durable"), on a real server whose
 * WAL writer is stopped, so that a commit not flushed by its own transaction stays in the server's memory until
 * the crash: a request answered with its token and a durable change survive {@code kill -9}; a change kept
 * {@link Durability#REDOABLE} just before it is undone, and the frontend's next lease renewal sees the restart
 * (whether the postmaster was restarted or only reset its processes), which is when the engine redoes its work.
 */
@Tag("integration")
class PostgresDurabilityTest {
    private static final Owner ALICE = Owner.of("/CN=Alice", "srmuser1");
    /** Crash recovery, which on a loaded machine took more than a minute. */
    private static final Duration BACK_WITHIN = Duration.ofSeconds(240);

    private PostgresCluster pg;
    private RequestStore store;

    @BeforeEach
    void start() throws Exception {
        pg = PostgresCluster.create();
        PostgresStoreConfig config = PostgresStoreConfig.builder(pg.createDatabase("durability"),
                PostgresCluster.USER).connectTimeout(Duration.ofSeconds(1)).poolSize(2).build();
        store = RequestStores.postgres(config, Clock.systemUTC(), "a");
    }

    @AfterEach
    void stop() {
        if (store != null) {
            store.close();
        }
        pg.close();
    }

    @Test
    void anAnsweredRequestAndADurableChangeSurviveKillNineAndARedoableChangeJustBeforeMayNot() throws Exception {
        pg.pauseWalWriter();
        Request answered = store.create(get());
        Request pinned = store.create(get());
        store.update(pinned.token(), PostgresDurabilityTest::pin);
        store.updateHeld(answered.token(), PostgresDurabilityTest::pin, Durability.REDOABLE);
        assertEquals(FileState.FILE_PINNED, store.load(answered.token()).file(0).state(),
                "answered once committed, before its flush");

        pg.kill();
        pg.start();

        Request after = loadWhenBack(answered.token());
        assertEquals(answered, after, "the request answered with its token is kept; the redoable change is undone");
        assertEquals(FileState.FILE_PINNED, store.load(pinned.token()).file(0).state(), "the durable change is kept");
        FrontendLeases leases = store.leases().orElseThrow();
        assertEquals(0, leases.restarts());
        assertTrue(whenBack(leases::renew));
        assertEquals(1, leases.restarts(), "the renewal saw the new postmaster");
        assertTrue(leases.held(10).contains(answered.token()), "what the engine redoes: the request still queued");
    }

    @Test
    void aRestartOfTheServersProcessesWithoutANewPostmasterIsSeenToo() throws Exception {
        FrontendLeases leases = store.leases().orElseThrow();
        Request answered = store.create(get());
        killOneServerProcess();
        Request after = loadWhenBack(answered.token());
        assertEquals(answered, after);
        assertTrue(whenBack(leases::renew));
        assertEquals(1, leases.restarts(), "the server reset its processes and recovered: its WAL statistics say so");
    }

    /** SIGKILL to the WAL writer alone: the postmaster resets every process and recovers, as after any crash of one. */
    private void killOneServerProcess() throws Exception {
        long pid = Long.parseLong(pg.sql("postgres",
                "SELECT pid FROM pg_stat_activity WHERE backend_type = 'walwriter'").strip());
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    }

    private Request loadWhenBack(RequestToken token) throws Exception {
        return whenBack(() -> store.load(token));
    }

    /** The call's answer once the database is back; until then it fails with SRM_INTERNAL_ERROR only. */
    private static <T> T whenBack(Call<T> call) throws Exception {
        long end = System.nanoTime() + BACK_WITHIN.toNanos();
        while (true) {
            try {
                return call.call();
            } catch (SrmException e) {
                assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
                if (System.nanoTime() > end) {
                    throw e;
                }
                Thread.sleep(100); // the poll's pause: PostgreSQL recovers meanwhile
            }
        }
    }

    @FunctionalInterface
    private interface Call<T> {
        T call() throws SrmException;
    }

    private static NewRequest get() {
        return NewRequest.of(RequestKind.GET, ALICE, Duration.ofHours(1), List.of(NewFile.of("srm://h/data/f")));
    }

    private static Request pin(Request r) {
        Instant now = Instant.now();
        return r.withFile(0, f -> f.ready(r.kind(), Optional.of("gsiftp://door/data/f"), f.size(), now), now);
    }
}

package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.get;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.TransferResult;
import org.opensrm.stores.PostgresStoreConfig;
import org.opensrm.stores.RequestStores;
import org.opensrm.testkit.PostgresCluster;

/**
 * A get's file made ready by the engine is kept without waiting for the WAL flush
 * ({@link org.opensrm.core.Durability#REDOABLE}); PostgreSQL killed with SIGKILL before the flush loses it. The
 * request, answered with its token, is still there; the frontend sees the restart at its next lease renewal and
 * serves the file again: the client polling meanwhile sees the file queued, then pinned, never a failure.
 */
@Tag("integration")
class RedoneAfterCrashTest extends FullModeTestBase {
    /**
     * Heartbeat of a quarter of it (15 s): the first renewal after start comes after the crash, so nothing durable
     * is committed between the ready file and the kill (a renewal's commit would flush it).
     */
    private static final Duration TAKEOVER_DELAY = Duration.ofSeconds(60);
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Set<SrmStatus> WAITING_OR_SERVED = EnumSet.of(SrmStatus.SRM_REQUEST_QUEUED,
            SrmStatus.SRM_REQUEST_INPROGRESS, SrmStatus.SRM_FILE_PINNED);

    private PostgresCluster pg;

    @AfterEach
    void stopDatabase() {
        fx.stop();
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void aReadyFileUndoneByACrashOfTheDatabaseIsServedAgainWithoutAnErrorToTheClient() throws Exception {
        pg = PostgresCluster.create();
        PostgresStoreConfig db = PostgresStoreConfig.builder(pg.createDatabase("redo"), PostgresCluster.USER)
                .connectTimeout(Duration.ofSeconds(1)).poolSize(4).build();
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1,
                "served twice".getBytes(StandardCharsets.US_ASCII));
        FullMode a = fx.start(RequestStores.postgres(db, fx.clock, "a"),
                FullModeFixture.config().takeoverDelay(TAKEOVER_DELAY).build(), SchedulerConfig.builder().build());
        pg.pauseWalWriter();

        TransferResult made = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status(), "queued: the engine's worker serves it");
        TransferResult served = fx.awaitServed(() -> a.gets().status(ALICE, RequestKind.GET, made.token(),
                List.of()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, served.files().get(0).status());
        assertEquals(1L, a.filesWorked());

        pg.kill();
        pg.start();

        TransferResult again = pollUntilPinned(a, made.token());
        assertEquals(served.files().get(0).surl(), again.files().get(0).surl());
        assertEquals(1L, a.filesRedoneAfterRestart(), "the file was waiting again after the crash, and queued");
        assertEquals(2L, a.filesWorked(), "served a second time");
    }

    /**
     * Polls as a client would: calls may fail with SRM_INTERNAL_ERROR while the store reconnects, the file may be
     * queued again, but it never fails and ends pinned.
     */
    private static TransferResult pollUntilPinned(FullMode a, String token) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < end) {
            try {
                TransferResult r = a.gets().status(ALICE, RequestKind.GET, token, List.of());
                SrmStatus file = r.files().get(0).status();
                assertTrue(WAITING_OR_SERVED.contains(file), "the client saw " + file);
                if (file == SrmStatus.SRM_FILE_PINNED && a.filesRedoneAfterRestart() > 0) {
                    return r;
                }
            } catch (SrmException e) {
                assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status(), e.getMessage());
            }
            Thread.sleep(50); // the client's poll interval
        }
        return fail("the file was not served again within " + WAIT);
    }
}

package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.get;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.opensrm.common.SrmStatus;
import org.opensrm.stores.PostgresFixture;
import org.opensrm.core.RequestKind;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.stores.SharedPostgres;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.TransferResult;

/**
 * Two engines on one real PostgreSQL. Frontend A renews its lease only at start (its take-over delay is an hour),
 * so frontend B (delay 1 s) finds it silent and takes its queued file; once a door is up, both engines try the
 * file: B serves it, and A's late outcome is refused by the database (fencing) — A stores nothing.
 */
@Tag("integration")
class TakeoverTest extends FullModeTestBase {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @TempDir
    Path stateB;
    private FullMode a;
    private FullMode b;

    @BeforeEach
    void setUp() throws Exception {
        PostgresFixture db = PG.newFixture();
        a = fx.start(db.openAs("a", fx.clock), FullModeFixture.config().takeoverDelay(Duration.ofHours(1)).build(),
                SchedulerConfig.builder().build());
        b = fx.frontend(db.openAs("b", fx.clock), stateB,
                FullModeFixture.config().takeoverDelay(Duration.ofSeconds(1)).build());
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1,
                "taken over".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void aSilentFrontendsQueuedFileIsServedByAnotherAndItsLateOutcomeIsRefused() throws Exception {
        fx.doorsUp.set(false);
        TransferResult made = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status());
        FullModeFixture.await(b::filesTakenOver, n -> n == 1L);
        assertEquals(1L, b.requestsTakenOver());

        fx.doorsUp.set(true);
        TransferResult served = fx.awaitServed(() -> b.gets().status(ALICE, RequestKind.GET, made.token(),
                List.of()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, served.files().get(0).status());
        FullModeFixture.await(a::filesFenced, n -> n == 1L); // A's worker tried the file it had queued
        assertEquals(0L, a.filesWorked(), "the silent frontend stored nothing");
        assertEquals(1L, b.filesWorked(), "the file was served once, by B");
        assertEquals(served.files(), a.gets().status(ALICE, RequestKind.GET, made.token(), List.of()).files(),
                "A answers what B did");
    }
}

package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;
import static org.opensrm.core.full.FullModeFixture.get;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.stores.SharedPostgres;
import org.opensrm.core.contract.StoreFixture;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;

/** Two frontends sharing one real PostgreSQL: a request made through one is polled and finished through the other. */
@Tag("integration")
class TwoFrontendsTest extends FullModeTestBase {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();
    private static final byte[] DATA = "from frontend A to B".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path stateB;
    private FullMode a;
    private FullMode b;

    @BeforeEach
    void setUp() throws Exception {
        StoreFixture db = PG.newFixture();
        FullModeConfig config = FullModeFixture.config().build();
        a = fx.start(db.open(fx.clock), config, SchedulerConfig.builder().build());
        b = fx.frontend(db.open(fx.clock), stateB, config);
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1, DATA);
    }

    @Test
    void aPutMadeThroughOneFrontendIsPolledAndFinishedThroughTheOther() throws Exception {
        TransferResult made = a.puts().prepare(ALICE, new PutRequest(List.of(new PutFile(surl("/data/b.root"),
                DATA.length)), List.of(), false, Optional.empty(), Optional.empty(), RequestOptions.NONE));
        TransferFile f = fx.awaitServed(() -> b.puts().status(ALICE, made.token(), List.of())).files().get(0);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, f.status());
        LocalAccounts.file(fx.local(f.turl()), LocalAccounts.SRMUSER1, DATA);
        assertEquals(SrmStatus.SRM_SUCCESS, b.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/b.root")));
        assertEquals(SrmStatus.SRM_SUCCESS, a.puts().status(ALICE, made.token(), List.of()).status());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, org.junit.jupiter.api.Assertions.assertThrows(
                SrmException.class, () -> b.puts().status(BOB, made.token(), List.of())).status());
    }

    @Test
    void aRequestSuspendedThroughOneFrontendStaysSoAndTheOtherResumesAndServesIt() throws Exception {
        fx.doorsUp.set(false);
        TransferResult made = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        b.control().suspend(ALICE, made.token());
        fx.doorsUp.set(true);
        TransferResult other = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        fx.awaitServed(() -> a.gets().status(ALICE, RequestKind.GET, other.token(), List.of()));
        assertEquals(SrmStatus.SRM_REQUEST_SUSPENDED,
                a.gets().status(ALICE, RequestKind.GET, made.token(), List.of()).status(),
                "frontend A does not serve what B suspended");

        b.control().resume(ALICE, made.token());
        TransferResult served = fx.awaitServed(() -> a.gets().status(ALICE, RequestKind.GET, made.token(),
                List.of()));
        assertEquals(SrmStatus.SRM_FILE_PINNED, served.files().get(0).status());
    }

    @Test
    void aQueuedRequestAbortedThroughOneFrontendIsNeverServedByTheOther() throws Exception {
        fx.doorsUp.set(false);
        TransferResult made = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root", "/data/a.root"));
        b.control().abort(ALICE, made.token(), List.of());
        fx.doorsUp.set(true);
        TransferResult other = a.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        fx.awaitServed(() -> a.gets().status(ALICE, RequestKind.GET, other.token(), List.of()));
        TransferResult aborted = a.gets().status(ALICE, RequestKind.GET, made.token(), List.of());
        assertEquals(SrmStatus.SRM_ABORTED, aborted.status());
        aborted.files().forEach(f -> assertEquals(SrmStatus.SRM_ABORTED, f.status()));
    }
}

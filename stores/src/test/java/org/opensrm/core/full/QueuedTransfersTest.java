package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;
import static org.opensrm.core.full.FullModeFixture.get;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.UploadNames;

/** Gets, bring-onlines and puts through full mode's queued services, from srmPrepareTo* to the last status. */
class QueuedTransfersTest extends FullModeTestBase {
    private static final byte[] DATA = "twelve bytes".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private FullMode full;

    @BeforeEach
    void setUp() throws Exception {
        full = fx.start();
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1, DATA);
    }

    private TransferResult getStatus(Caller who, RequestKind kind, String token) throws Exception {
        return full.gets().status(who, kind, token, List.of());
    }

    private static SrmStatus statusOf(Callable<?> call) {
        return assertThrows(SrmException.class, call::call).status();
    }

    /** The local file a TURL of this server names. */
    private Path local(String turl) {
        return fx.local(turl);
    }

    /** What a GridFTP door does once the put has space: writes {@code data} at its TURL, as the account. */
    private TransferFile transfer(TransferResult made, byte[] data) throws Exception {
        TransferFile f = awaitPut(made.token()).files().get(0);
        LocalAccounts.file(local(f.turl()), LocalAccounts.SRMUSER1, data);
        return f;
    }

    private TransferResult put(Caller who, boolean overwrite, String... paths) throws Exception {
        List<PutFile> files = List.of(paths).stream().map(p -> new PutFile(surl(p), DATA.length)).toList();
        return full.puts().prepare(who, new PutRequest(files, List.of("gsiftp"), overwrite, Optional.empty(),
                Optional.empty(), RequestOptions.NONE));
    }

    /** A put asking for a TURL lifetime ({@code pin}) and a total request time ({@code total}). */
    private TransferResult put(Caller who, Duration pin, Duration total, String path) throws Exception {
        return full.puts().prepare(who, new PutRequest(List.of(new PutFile(surl(path), DATA.length)),
                List.of("gsiftp"), false, Optional.empty(), Optional.of(pin),
                new RequestOptions(Optional.empty(), Optional.of(total))));
    }

    private TransferResult awaitPut(String token) throws Exception {
        return fx.awaitServed(() -> full.puts().status(ALICE, token, List.of()));
    }

    // ---- srmPrepareToGet ----

    @Test
    void getIsQueuedThenPinnedWithATurlFromADoorAndItsPinCountsDown() throws Exception {
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.files().get(0).status());
        assertNotNull(made.files().get(0).estimatedWaitSeconds());
        assertTrue(made.files().get(0).estimatedWaitSeconds() >= 1);
        assertEquals((int) FullModeConfig.DEFAULT_REQUEST_LIFETIME.toSeconds(), made.remainingSeconds());

        TransferResult r = fx.awaitServed(() -> getStatus(ALICE, RequestKind.GET, made.token()));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        TransferFile f = r.files().get(0);
        assertEquals(SrmStatus.SRM_FILE_PINNED, f.status());
        assertEquals(surl("/data/a.root"), f.surl());
        assertTrue(f.turl().matches("gsiftp://localhost:281[12]" + root + "/data/a.root"), f.turl());
        assertEquals(DATA.length, f.size());
        assertEquals(0, f.estimatedWaitSeconds());
        assertEquals((int) FullModeConfig.DEFAULT_PIN_LIFETIME.toSeconds(), f.remainingSeconds());

        fx.clock.advance(Duration.ofSeconds(100));
        TransferResult later = getStatus(ALICE, RequestKind.GET, made.token());
        assertEquals(f.remainingSeconds() - 100, later.files().get(0).remainingSeconds());
        assertEquals(made.remainingSeconds() - 100, later.remainingSeconds());
    }

    @Test
    void bringOnlineSucceedsWithAPinAndNoTurl() throws Exception {
        GetRequest asked = new GetRequest(List.of(surl("/data/a.root")), List.of(), Optional.of(Duration.ofMinutes(10)),
                new RequestOptions(Optional.of("staging run"), Optional.of(Duration.ofDays(30))));
        TransferResult made = full.gets().prepare(ALICE, RequestKind.BRING_ONLINE, asked);
        assertEquals((int) FullModeConfig.DEFAULT_MAX_REQUEST_LIFETIME.toSeconds(), made.remainingSeconds(),
                "the total request time is capped");
        TransferResult r = fx.awaitServed(() -> getStatus(ALICE, RequestKind.BRING_ONLINE, made.token()));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(SrmStatus.SRM_SUCCESS, r.files().get(0).status());
        assertNull(r.files().get(0).turl());
        assertEquals(600, r.files().get(0).remainingSeconds());
        assertEquals(List.of(made.token()), full.store().findByOwner(ALICE.owner(),
                Optional.of("staging run")).stream().map(Object::toString).toList());
    }

    @Test
    void aFileRefusedAtOnceFailsInTheSameRequestAmongGoodOnes() throws Exception {
        GetRequest asked = new GetRequest(List.of(surl("/data/a.root"), "srm://elsewhere.org/data/a.root",
                surl("/data/missing.root")), List.of(), Optional.empty(), RequestOptions.NONE);
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, asked);
        assertEquals(SrmStatus.SRM_INVALID_PATH, made.files().get(1).status(), "refused at once");
        assertNotNull(made.files().get(1).explanation());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.files().get(0).status());

        TransferResult r = fx.awaitServed(() -> getStatus(ALICE, RequestKind.GET, made.token()));
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, r.status());
        assertEquals(SrmStatus.SRM_FILE_PINNED, r.files().get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.files().get(1).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.files().get(2).status(), "found missing by the worker");

        TransferResult some = full.gets().status(ALICE, RequestKind.GET, made.token(),
                List.of("srm://" + FullModeFixture.HOST + "/data/a.root", surl("/data/other.root")));
        assertEquals(SrmStatus.SRM_FILE_PINNED, some.files().get(0).status(), "the short SURL form names the file");
        assertEquals(SrmStatus.SRM_INVALID_PATH, some.files().get(1).status(), "not part of the request");
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, some.status());
    }

    @Test
    void aFileTheOwnerMayNotReadFailsWithAuthorizationFailure() throws Exception {
        LocalAccounts.own(LocalAccounts.file(root.resolve("bobs/secret.root"), LocalAccounts.SRMUSER2, DATA),
                LocalAccounts.SRMUSER2, "rw-------");
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/bobs/secret.root"));
        TransferResult r = fx.awaitServed(() -> getStatus(ALICE, RequestKind.GET, made.token()));
        assertEquals(SrmStatus.SRM_FAILURE, r.status());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.files().get(0).status());
    }

    @Test
    void unsupportedProtocolsRefuseTheRequest() {
        GetRequest asked = new GetRequest(List.of(surl("/data/a.root")), List.of("http", "dcap"), Optional.empty(),
                RequestOptions.NONE);
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> full.gets().prepare(ALICE, RequestKind.GET, asked)));
    }

    @Test
    void tooManyFilesAreRefusedNamingTheLimit() throws Exception {
        fx.stop();
        full = fx.start(FullModeFixture.config().maxFilesPerRequest(2).build(),
                org.opensrm.core.SchedulerConfig.builder().build());
        SrmException e = assertThrows(SrmException.class, () -> full.gets().prepare(ALICE, RequestKind.GET,
                get("/data/a.root", "/data/a.root", "/data/a.root")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, e.status());
        assertTrue(e.getMessage().contains("at most 2"), e.getMessage());
    }

    // ---- whose request ----

    @Test
    void onlyTheOwnerSeesARequestAndTokensOfAnotherKindOrUnknownAreInvalid() throws Exception {
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, get("/data/a.root"));
        SrmException other = assertThrows(SrmException.class, () -> getStatus(BOB, RequestKind.GET, made.token()));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, other.status());
        assertFalse(other.getMessage().contains("a.root"), "nothing about the request is revealed");
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> getStatus(ALICE, RequestKind.BRING_ONLINE, made.token())));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> full.puts().status(ALICE, made.token(), List.of())));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> getStatus(ALICE, RequestKind.GET, "AAAAAAAAAAAAAAAAAAAAAAAAAAA")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> getStatus(ALICE, RequestKind.GET, "not a token")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> getStatus(ALICE, RequestKind.GET, "")));
    }

    // ---- srmPrepareToPut ----

    @Test
    void putIsQueuedThenGivesSpaceAndPutDoneLandsTheUploadOnItsTarget() throws Exception {
        TransferResult made = put(ALICE, false, "/data/new.root");
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status());
        TransferResult r = awaitPut(made.token());
        TransferFile f = r.files().get(0);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, f.status());
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertTrue(f.turl().contains(root + "/.srm-uploads/srmuser1/" + UploadNames.PREFIX), f.turl());
        assertFalse(f.turl().contains(made.token()), "the token never shows in a TURL");
        assertEquals((int) FullModeConfig.DEFAULT_TURL_LIFETIME.toSeconds(), f.remainingSeconds());
        assertFalse(Files.exists(root.resolve("data/new.root")));

        LocalAccounts.file(local(f.turl()), LocalAccounts.SRMUSER1, DATA);
        List<FileOutcome> done = full.puts().putDone(ALICE, made.token(), List.of());
        assertEquals(SrmStatus.SRM_SUCCESS, done.get(0).status(), done.toString());
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/new.root")));
        assertFalse(Files.exists(local(f.turl())));

        TransferResult after = full.puts().status(ALICE, made.token(), List.of());
        assertEquals(SrmStatus.SRM_SUCCESS, after.files().get(0).status());
        assertEquals(SrmStatus.SRM_SUCCESS, after.status());
        assertTrue(full.store().load(new org.opensrm.core.RequestToken(made.token())).isFinished());
        assertEquals(SrmStatus.SRM_SUCCESS,
                full.puts().putDone(ALICE, made.token(), List.of()).get(0).status(), "a retried srmPutDone");
    }

    @Test
    void targetsAreCheckedAsInGatewayMode() throws Exception {
        LocalAccounts.file(root.resolve("data/old.root"), LocalAccounts.SRMUSER1, DATA);
        TransferResult r = put(ALICE, false, "/data/old.root", "/data/no-such-dir/f.root", "/bobs/f.root",
                "/data/fine.root");
        assertEquals(SrmStatus.SRM_DUPLICATION_ERROR, r.files().get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.files().get(1).status());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.files().get(2).status());
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, r.files().get(3).status());
        assertEquals(SrmStatus.SRM_FILE_BUSY, put(ALICE, false, "/data/fine.root").files().get(0).status(),
                "an open put to the same target");
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, awaitPut(r.token()).status());
    }

    @Test
    void aWrongSizeFailsTheFileAndDiscardsTheUpload() throws Exception {
        TransferResult made = put(ALICE, false, "/data/short.root");
        transfer(made, new byte[3]);
        assertEquals(SrmStatus.SRM_FAILURE, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertFalse(Files.exists(root.resolve("data/short.root")));
        assertEquals(SrmStatus.SRM_FAILURE, full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());
    }

    @Test
    void srmRmOfATargetBeingUploadedAbortsItsPut() throws Exception {
        TransferResult made = put(ALICE, false, "/data/rm-me.root");
        TransferFile f = transfer(made, DATA);
        assertFalse(full.puts().abortOpenPut(BOB, SrmPath.of("/data/rm-me.root")), "not Bob's put");
        assertTrue(full.puts().abortOpenPut(ALICE, SrmPath.of("/data/rm-me.root")));
        assertEquals(SrmStatus.SRM_ABORTED, full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_ABORTED, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertFalse(Files.exists(root.resolve("data/rm-me.root")), "no data lands");
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, put(ALICE, false, "/data/rm-me.root").files().get(0).status(),
                "the target is free again");
    }

    @Test
    void putDoneBeforeAnyTransferFailsThatFileOnly() throws Exception {
        TransferResult made = put(ALICE, false, "/data/empty.root");
        awaitPut(made.token());
        assertEquals(SrmStatus.SRM_INVALID_PATH, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, full.puts().putDone(ALICE, made.token(),
                List.of(surl("/data/elsewhere.root"))).get(0).status(), "not part of the request");
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                statusOf(() -> full.puts().putDone(BOB, made.token(), List.of())));
    }

    @Test
    void putDoneIntoAVanishedDirectoryKeepsTheUploadUntilTheDirectoryIsBack() throws Exception {
        LocalAccounts.dir(root.resolve("data/dir"), LocalAccounts.SRMUSER1);
        TransferResult made = put(ALICE, false, "/data/dir/f.root");
        TransferFile f = transfer(made, DATA);
        Files.move(root.resolve("data/dir"), root.resolve("data/moved"));
        FileOutcome gone = full.puts().putDone(ALICE, made.token(), List.of()).get(0);
        assertEquals(SrmStatus.SRM_INVALID_PATH, gone.status());
        assertTrue(gone.explanation().contains("no longer exists"), gone.explanation());
        assertFalse(Files.exists(root.resolve("data/moved/f.root")), "the data never follows a moved directory");
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE,
                full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());

        LocalAccounts.dir(root.resolve("data/dir"), LocalAccounts.SRMUSER1);
        assertEquals(SrmStatus.SRM_SUCCESS, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/dir/f.root")));
    }

    // ---- with request control and the reaper ----

    @Test
    void aPutAbortedByRequestControlFreesItsTargetAndLandsNothing() throws Exception {
        TransferResult made = put(ALICE, false, "/data/again.root");
        TransferFile f = transfer(made, DATA);
        full.control().abort(ALICE, made.token(), List.of());
        assertEquals(SrmStatus.SRM_ABORTED, full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_ABORTED, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertFalse(Files.exists(root.resolve("data/again.root")));
        assertFalse(Files.exists(local(f.turl())), "the upload was removed");
        TransferResult again = put(ALICE, false, "/data/again.root");
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, again.files().get(0).status(), "the target is free again");
    }

    @Test
    void aPinRunsOutOnTheRequestClock() throws Exception {
        TransferResult made = full.gets().prepare(ALICE, RequestKind.GET, new GetRequest(List.of(surl("/data/a.root")),
                List.of(), Optional.of(Duration.ofMinutes(5)), RequestOptions.NONE));
        assertEquals(300, fx.awaitServed(() -> getStatus(ALICE, RequestKind.GET, made.token())).files().get(0)
                .remainingSeconds());
        fx.clock.advance(Duration.ofMinutes(5).plusSeconds(1));
        full.reaper().runOnce();
        TransferFile f = getStatus(ALICE, RequestKind.GET, made.token()).files().get(0);
        assertEquals(SrmStatus.SRM_FILE_LIFETIME_EXPIRED, f.status());
        assertNull(f.turl());
    }

    @Test
    void anExtendedTurlKeepsItsUploadPastItsFirstExpiry() throws Exception {
        TransferResult made = put(ALICE, FullModeConfig.DEFAULT_TURL_LIFETIME, Duration.ofHours(24), "/data/long.root");
        TransferFile f = transfer(made, DATA);
        full.control().extend(ALICE, made.token(), List.of(surl("/data/long.root")), (int) Duration.ofHours(20)
                .toSeconds());
        fx.clock.advance(FullModeConfig.DEFAULT_TURL_LIFETIME.plusHours(1));
        fx.janitor.sweep();
        full.reaper().runOnce();
        assertTrue(Files.exists(local(f.turl())), "the upload outlives its first TURL expiry");
        assertEquals(SrmStatus.SRM_SUCCESS, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertArrayEquals(DATA, Files.readAllBytes(root.resolve("data/long.root")));
    }

    @Test
    void aPutThatRanOutFreesItsTargetAndItsUploadIsRemoved() throws Exception {
        TransferResult made = put(ALICE, false, "/data/late.root");
        TransferFile f = transfer(made, DATA);
        fx.clock.advance(FullModeConfig.DEFAULT_TURL_LIFETIME.plusMinutes(2));
        full.reaper().runOnce();
        fx.janitor.sweep();
        assertEquals(SrmStatus.SRM_REQUEST_TIMED_OUT, // TURL and request (as long when none is asked) ran out
                full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());
        assertFalse(Files.exists(local(f.turl())));
        assertFalse(Files.exists(root.resolve("data/late.root")));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, put(ALICE, false, "/data/late.root").files().get(0).status());
    }
    /**
     * A GridFTP transfer that comes late, after request control aborted the put and removed its upload, writes the
     * upload again in the owner's staging directory. The upload journal still holds it (as an aborted put's, until
     * its TURL would have expired), so the janitor's sweep removes it then, as gateway mode's removes an aborted
     * put's tombstone; nothing lands and nothing stays.
     */
    @Test
    void anUploadWrittenAgainAfterAnAbortIsRemovedByTheJanitorWhenItsTurlWouldHaveExpired() throws Exception {
        TransferResult made = put(ALICE, false, "/data/aborted-late.root");
        TransferFile f = transfer(made, DATA);
        full.control().abort(ALICE, made.token(), List.of());
        assertFalse(Files.exists(local(f.turl())), "the upload was removed");

        LocalAccounts.file(local(f.turl()), LocalAccounts.SRMUSER1, DATA); // the late transfer
        assertEquals(SrmStatus.SRM_ABORTED, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        fx.clock.advance(FullModeConfig.DEFAULT_TURL_LIFETIME.plusMinutes(2));
        fx.janitor.sweep();
        assertFalse(Files.exists(local(f.turl())), "the late upload is removed");
        assertFalse(Files.exists(root.resolve("data/aborted-late.root")));
        assertEquals(0, fx.janitor.pendingCount(), "nothing is left in the upload journal");
    }

    /**
     * The same after the reaper expired the put's TURL and removed its upload: a transfer that writes it again is
     * removed by the janitor's sweep once the journal's margin past the TURL's expiry is over.
     */
    @Test
    void anUploadWrittenAgainAfterItsTurlExpiredIsRemovedByTheJanitor() throws Exception {
        TransferResult made = put(ALICE, Duration.ofHours(1), Duration.ofHours(2), "/data/expired-late.root");
        TransferFile f = transfer(made, DATA);
        fx.clock.advance(Duration.ofHours(1).plusSeconds(1));
        full.reaper().runOnce();
        assertEquals(SrmStatus.SRM_FILE_LIFETIME_EXPIRED,
                full.puts().status(ALICE, made.token(), List.of()).files().get(0).status());
        assertFalse(Files.exists(local(f.turl())), "the reaper removed the upload");

        LocalAccounts.file(local(f.turl()), LocalAccounts.SRMUSER1, DATA); // the late transfer
        fx.clock.advance(Duration.ofMinutes(2));
        fx.janitor.sweep();
        assertFalse(Files.exists(local(f.turl())), "the late upload is removed");
        assertFalse(Files.exists(root.resolve("data/expired-late.root")));
        assertEquals(0, fx.janitor.pendingCount(), "nothing is left in the upload journal");
    }
}

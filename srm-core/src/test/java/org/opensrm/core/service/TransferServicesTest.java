package org.opensrm.core.service;

import org.opensrm.core.contract.TestClock;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.RequestKind;
import org.opensrm.core.gateway.TokenCodec;
import org.opensrm.authz.AccountResolver;
import org.opensrm.core.RequestStore;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.full.FullMode;
import org.opensrm.core.full.FullModeConfig;
import org.opensrm.core.full.OutsideTokens;

/**
 * Gateway mode's puts, gets and request control, wired as the server wires them (the request engine over signed
 * stateless tokens), over a real POSIX backend.
 */
class TransferServicesTest {
    private static final String HOST = "srm.example.org";
    private static final String DOOR = "gsiftp://localhost:2811";
    private static final Duration LIFETIME = Duration.ofHours(4);
    private static final byte[] KEY = "transfer-services-test-key".getBytes(StandardCharsets.UTF_8);
    private static final Caller ALICE = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Alice"),
            LocalAccounts.SRMUSER1);
    private static final Caller BOB = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Bob"),
            LocalAccounts.SRMUSER2);
    private static final List<String> GSIFTP = List.of("gsiftp");

    @TempDir
    Path root;
    @TempDir
    Path stateDir;

    private final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    private PosixBackend backend;
    private SurlParser surls;
    private TokenCodec tokens;
    private DoorTransfers gridftp;
    private SpaceTokens spaces;
    private UploadJanitor janitor;
    private PutService puts;
    private GetService gets;
    private RequestControl control;

    @BeforeEach
    void setUp() throws Exception {
        LocalAccounts.own(root, new Account("root", 0, 0, Set.of(0)), "rwxr-xr-x");
        LocalAccounts.dir(root.resolve("data"), LocalAccounts.SRMUSER1);
        LocalAccounts.dir(root.resolve("data/disk"), LocalAccounts.SRMUSER1);
        LocalAccounts.dir(root.resolve("data/diskette"), LocalAccounts.SRMUSER1);
        LocalAccounts.dir(root.resolve("bobs"), LocalAccounts.SRMUSER2);
        backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        surls = new SurlParser(List.of(HOST));
        tokens = new TokenCodec(KEY);
        GridFtpSelector selector = () -> new GridFtpNode("localhost", 2811);
        gridftp = DoorTransfers.of(selector, List.of(new GridFtpNode("localhost", 2811)), root.toString());
        spaces = new SpaceTokens(List.of(new StaticSpaceToken("DATADISK", SrmPath.of("/data/disk"), "disk", 0)),
                backend);
        janitor = new UploadJanitor(backend, stateDir.resolve("uploads.journal"), clock);
        janitor.recover();
        StagingArea staging = new StagingArea(backend);
        staging.create();
        FullMode engine = engine(janitor, new ReleasedFiles(1000, clock));
        puts = engine.puts();
        gets = engine.gets();
        control = engine.control();
    }

    /** The request engine over signed tokens, as gateway mode runs it, with this journal and memory of releases. */
    private FullMode engine(UploadJanitor journal, ReleasedFiles released) throws SrmException {
        AccountResolver accounts = LocalAccounts::byName;
        StagingArea staging = new StagingArea(backend);
        RequestStore store = OutsideTokens.store(tokens, new Uploads(backend, journal), staging, surls, accounts,
                released, gridftp, clock);
        FullMode engine = new FullMode(store, backend, surls, gridftp, staging, journal, spaces,
                new Lister(backend, surls, 1000, journal), accounts, SchedulerConfig.builder().build(),
                FullModeConfig.builder().defaultRequestLifetime(LIFETIME).maxRequestLifetime(LIFETIME)
                        .defaultPinLifetime(LIFETIME).maxPinLifetime(LIFETIME).turlLifetime(LIFETIME).build(),
                clock);
        engine.start();
        return engine;
    }

    @AfterEach
    void tearDown() throws Exception {
        backend.close();
    }

    private static String surl(String path) {
        return "srm://" + HOST + ":8443/srm/managerv2?SFN=" + path;
    }

    private TransferResult put(String path, long size, boolean overwrite) throws SrmException {
        return preparePut(puts, ALICE, List.of(new PutFile(surl(path), size)), GSIFTP, overwrite, Optional.empty(), null);
    }

    /** The local file a TURL of this server names. */
    private Path local(String turl) {
        String prefix = DOOR + root;
        assertTrue(turl.startsWith(prefix + "/"), () -> turl + " is not under " + prefix);
        return root.resolve(turl.substring(prefix.length() + 1));
    }

    /** What a GridFTP door does: writes the data at the TURL, as the mapped account. */
    private Path transfer(TransferResult r, int file, byte[] data) throws Exception {
        return LocalAccounts.file(local(r.files().get(file).turl()), LocalAccounts.SRMUSER1, data);
    }

    private static byte[] data(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (seed + i * 13 + i / 251);
        }
        return b;
    }

    private static String adler32(byte[] b) {
        Adler32 a = new Adler32();
        a.update(b);
        return String.format("%08x", a.getValue());
    }

    private List<String> uploadsIn(String dir) throws Exception {
        try (Stream<Path> s = Files.list(root.resolve(dir))) {
            return s.map(p -> p.getFileName().toString()).filter(UploadNames::isUpload).toList();
        }
    }

    private static SrmStatus statusOf(Callable<?> call) {
        return assertThrows(SrmException.class, call::call).status();
    }

    // ---- srmPrepareToPut ----

    @Test
    void prepareGivesSpaceAvailableAndATurlNamingAnUploadInTheCallersStagingDirectory() throws Exception {
        TransferResult r = put("/data/new.root", 0, false);
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        TransferFile f = r.files().get(0);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, f.status());
        assertEquals(surl("/data/new.root"), f.surl());
        assertTrue(f.turl().startsWith(DOOR + root + "/.srm-uploads/srmuser1/" + UploadNames.PREFIX), f.turl());
        Path upload = local(f.turl());
        assertEquals("srmuser1", Files.getOwner(upload.getParent()).getName());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(upload.getParent())));
        assertEquals(List.of(), uploadsIn("data"));
        assertFalse(Files.exists(upload), "nothing is created before the transfer");
        assertFalse(Files.exists(root.resolve("data/new.root")));
        assertEquals(1, janitor.pendingCount());
        assertEquals((int) LIFETIME.toSeconds(), f.remainingSeconds());
    }

    @Test
    void everyPutGetsItsOwnUploadName() throws Exception {
        String a = put("/data/same.root", 0, true).files().get(0).turl();
        String b = preparePut(otherFrontend(), ALICE, List.of(new PutFile(surl("/data/same.root"), 0)), GSIFTP, true,
                Optional.empty(), null).files().get(0).turl();
        assertNotEquals(a, b);
    }

    @Test
    void missingParentIsAnInvalidPath() throws Exception {
        TransferResult r = put("/data/no-such-dir/f.root", 0, false);
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.files().get(0).status());
        assertEquals(SrmStatus.SRM_FAILURE, r.status());
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void putIntoADirectoryTheAccountCannotWriteIsRefused() throws Exception {
        TransferResult r = put("/bobs/f.root", 0, false);
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.files().get(0).status());
    }

    @Test
    void existingTargetWithoutOverwriteIsADuplicationError() throws Exception {
        LocalAccounts.file(root.resolve("data/old.root"), LocalAccounts.SRMUSER1, data(10, 1));
        TransferResult r = put("/data/old.root", 0, false);
        assertEquals(SrmStatus.SRM_DUPLICATION_ERROR, r.files().get(0).status());
        assertEquals(SrmStatus.SRM_FAILURE, r.status());
    }

    @Test
    void existingTargetWithOverwriteIsReplacedByPutDone() throws Exception {
        LocalAccounts.file(root.resolve("data/old.root"), LocalAccounts.SRMUSER1, data(10, 1));
        TransferResult r = put("/data/old.root", 0, true);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, r.files().get(0).status());
        byte[] fresh = data(5000, 2);
        transfer(r, 0, fresh);
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertArrayEquals(fresh, Files.readAllBytes(root.resolve("data/old.root")));
    }

    @Test
    void protocolsWithoutGsiftpAreNotSupportedForTheRequest() throws Exception {
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> preparePut(puts, ALICE,
                List.of(new PutFile(surl("/data/a"), 0), new PutFile(surl("/data/b"), 0)),
                List.of("http", "https", "root"), false, Optional.empty(), null)));
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void gsiftpAnywhereInTheProtocolListIsAccepted() throws Exception {
        TransferResult r = preparePut(puts, ALICE, List.of(new PutFile(surl("/data/a"), 0)),
                List.of("https", "GSIFTP"), false, Optional.empty(), null);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, r.files().get(0).status());
    }

    @Test
    void negativeDeclaredSizeIsAnInvalidRequest() throws Exception {
        TransferResult r = put("/data/neg.root", -1, false);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, r.files().get(0).status());
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void turlWithRootPrefixIsTheNamespacePath() throws Exception {
        GridFtpNode door = new GridFtpNode("door.example.org", 2812);
        DoorTransfers plain = DoorTransfers.of(() -> door, List.of(door), "/");
        assertEquals("door.example.org:2812", plain.choose(List.of()));
        assertEquals("gsiftp://door.example.org:2812/data/f", plain.turl(plain.choose(List.of("gsiftp")),
                SrmPath.of("/data/f"), new TurlGrant(new Caller(ClientIdentity.of("/CN=u"), null), Access.READ,
                        java.time.Instant.EPOCH)));
    }

    @Test
    void putWithTooManyFilesForOneTokenIsRefusedAndLeavesNothingPending() throws Exception {
        java.util.Random random = new java.util.Random(7);
        List<PutFile> many = new java.util.ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            StringBuilder name = new StringBuilder();
            for (int j = 0; j < 100; j++) {
                name.append(Integer.toHexString(random.nextInt(16)));
            }
            many.add(new PutFile(surl("/data/" + name), 0));
        }
        SrmException e = assertThrows(SrmException.class,
                () -> preparePut(puts, ALICE, many, GSIFTP, false, Optional.empty(), null));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, e.status());
        assertEquals(0, janitor.pendingCount());
        // a request that does get a token can use it
        TransferResult ok = preparePut(puts, ALICE, many.subList(0, 1_000), GSIFTP, false, Optional.empty(), null);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE,
                puts.status(ALICE, ok.token(), List.of(many.get(0).surl())).files().get(0).status());
        assertEquals(1_000, janitor.pendingCount());
    }

    // ---- srmPutDone ----

    @Test
    void putDoneWithoutATransferFailsAndLeavesNoTarget() throws Exception {
        TransferResult r = put("/data/never.root", 0, false);
        List<FileOutcome> done = puts.putDone(ALICE, r.token(), List.of());
        assertFalse(done.get(0).status().isSuccess(), done.toString());
        assertFalse(Files.exists(root.resolve("data/never.root")));
    }

    @Test
    void putDoneRenamesTheUploadIntoPlaceAndStoresItsAdler32() throws Exception {
        TransferResult r = put("/data/new.root", 70_000, false);
        byte[] content = data(70_000, 7);
        Path upload = transfer(r, 0, content);
        List<FileOutcome> done = puts.putDone(ALICE, r.token(), List.of());
        assertEquals(List.of(FileOutcome.ok(surl("/data/new.root"))), done);
        assertArrayEquals(content, Files.readAllBytes(root.resolve("data/new.root")));
        assertFalse(Files.exists(upload));
        assertEquals(List.of(), uploadsIn("data"));
        var stat = backend.stat(ALICE.account(), SrmPath.of("/data/new.root"));
        assertEquals(Optional.of(adler32(content)), stat.adler32());
        assertEquals("srmuser1", stat.ownerName());
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void putDoneIsIdempotent() throws Exception {
        TransferResult r = put("/data/twice.root", 0, false);
        transfer(r, 0, data(100, 3));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertArrayEquals(data(100, 3), Files.readAllBytes(root.resolve("data/twice.root")));
    }

    @Test
    void declaredSizeMismatchFailsAndDiscardsTheUpload() throws Exception {
        TransferResult r = put("/data/short.root", 1000, false);
        Path upload = transfer(r, 0, data(999, 4));
        FileOutcome o = puts.putDone(ALICE, r.token(), List.of()).get(0);
        assertEquals(SrmStatus.SRM_FAILURE, o.status());
        assertFalse(Files.exists(upload));
        assertFalse(Files.exists(root.resolve("data/short.root")));
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void statusAfterPutDoneIsSuccess() throws Exception {
        TransferResult r = put("/data/st.root", 0, false);
        TransferResult before = puts.status(ALICE, r.token(), List.of());
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, before.files().get(0).status());
        assertEquals(r.files().get(0).turl(), before.files().get(0).turl());
        transfer(r, 0, data(1234, 5));
        puts.putDone(ALICE, r.token(), List.of());
        TransferResult after = puts.status(ALICE, r.token(), List.of());
        assertEquals(SrmStatus.SRM_SUCCESS, after.status());
        assertEquals(SrmStatus.SRM_SUCCESS, after.files().get(0).status());
        assertEquals(1234L, after.files().get(0).size());
    }

    @Test
    void anotherDnsTokenIsRefusedAndChangesNothing() throws Exception {
        TransferResult r = put("/data/alices.root", 0, false);
        Path upload = transfer(r, 0, data(10, 6));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> puts.putDone(BOB, r.token(), List.of())));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> puts.status(BOB, r.token(), List.of())));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> control.abort(BOB, r.token(), List.of())));
        assertTrue(Files.exists(upload));
        assertFalse(Files.exists(root.resolve("data/alices.root")));
    }

    @Test
    void getTokenIsRefusedByPutDone() throws Exception {
        LocalAccounts.file(root.resolve("data/g"), LocalAccounts.SRMUSER1, data(1, 1));
        TransferResult g = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/data/g")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> puts.putDone(ALICE, g.token(), List.of())));
    }

    /**
     * A second server sharing the namespace and the token key but not the journal: one server answers a second
     * put of a target SRM_FILE_BUSY, two servers cannot know of each other's puts, and the renames decide.
     */
    private PutService otherFrontend() throws Exception {
        UploadJanitor own = new UploadJanitor(backend, stateDir.resolve("other.journal"), clock);
        own.recover();
        return engine(own, new ReleasedFiles(1000, clock)).puts();
    }

    /** srmPutDone of both puts' single file, started at the same moment on two threads: their statuses. */
    private List<SrmStatus> putDonesAtOnce(ExecutorService pool, TransferResult first, TransferResult second)
            throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<List<FileOutcome>>> done = new ArrayList<>();
        for (TransferResult put : List.of(first, second)) {
            done.add(pool.submit(() -> {
                start.await();
                return puts.putDone(ALICE, put.token(), List.of());
            }));
        }
        return List.of(done.get(0).get().get(0).status(), done.get(1).get().get(0).status());
    }

    @Test
    void twoConcurrentPutsToOneTargetNeverMixTheirContent() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 20; round++) {
                String path = "/data/contended-" + round + ".root";
                TransferResult first = put(path, 0, true);
                TransferResult second = preparePut(otherFrontend(), ALICE, List.of(new PutFile(surl(path), 0)), GSIFTP, true,
                        Optional.empty(), null);
                byte[] a = data(256 * 1024, 11);
                byte[] b = data(200 * 1024 + 17, 99);
                transfer(first, 0, a);
                transfer(second, 0, b);
                List<SrmStatus> done = putDonesAtOnce(pool, first, second);
                assertEquals(SrmStatus.SRM_SUCCESS, done.get(0));
                assertEquals(SrmStatus.SRM_SUCCESS, done.get(1));
                byte[] target = Files.readAllBytes(root.resolve(path.substring(1)));
                assertTrue(Arrays.equals(a, target) || Arrays.equals(b, target),
                        "round " + round + ": the target is neither upload (" + target.length + " bytes)");
                assertEquals(Optional.of(adler32(target)), backend.stat(ALICE.account(), SrmPath.of(path)).adler32(),
                        "round " + round + ": the stored checksum is not that of the content");
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(), uploadsIn("data"));
    }

    @Test
    void twoConcurrentPutsWithoutOverwriteLetExactlyOneWin() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 20; round++) {
                String path = "/data/race-" + round + ".root";
                TransferResult first = put(path, 0, false);
                TransferResult second = preparePut(otherFrontend(), ALICE, List.of(new PutFile(surl(path), 0)), GSIFTP, false,
                        Optional.empty(), null);
                byte[] a = data(64 * 1024, 21);
                byte[] b = data(64 * 1024 + 3, 42);
                transfer(first, 0, a);
                transfer(second, 0, b);
                List<SrmStatus> done = putDonesAtOnce(pool, first, second);
                SrmStatus sa = done.get(0);
                SrmStatus sb = done.get(1);
                assertTrue(sa.isSuccess() ^ sb.isSuccess(), "round " + round + ": " + sa + " / " + sb);
                SrmStatus loser = sa.isSuccess() ? sb : sa;
                assertEquals(SrmStatus.SRM_DUPLICATION_ERROR, loser);
                byte[] target = Files.readAllBytes(root.resolve(path.substring(1)));
                assertArrayEquals(sa.isSuccess() ? a : b, target, "round " + round);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- listing a target whose put is open (ARC lists it to compare checksums before srmPutDone) ----

    private PathDetail lsTarget(Caller caller, String path) throws SrmException {
        Lister lister = new Lister(backend, surls, 1000, janitor);
        LsResult r = lister.ls(caller, List.of(surl(path)), new LsOptions(true, 1, 0, 0));
        assertEquals(1, r.details().size());
        if (r.details().get(0).status() == SrmStatus.SRM_FILE_BUSY) {
            assertEquals(SrmStatus.SRM_SUCCESS, r.status(), "the request answered the file");
        }
        return r.details().get(0);
    }

    @Test
    void transferredUploadIsListedUnderItsTargetAsBusyWithItsAdler32() throws Exception {
        TransferResult r = put("/data/arc.root", 0, false);
        byte[] content = data(50_000, 12);
        transfer(r, 0, content);
        PathDetail d = lsTarget(ALICE, "/data/arc.root");
        assertEquals(SrmStatus.SRM_FILE_BUSY, d.status(), d::toString);
        assertEquals("/data/arc.root", d.path());
        assertEquals(50_000, d.stat().size());
        assertTrue(d.stat().isFile());
        assertEquals(adler32(content), d.adler32());
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        PathDetail after = lsTarget(ALICE, "/data/arc.root");
        assertEquals(SrmStatus.SRM_SUCCESS, after.status());
        assertEquals(adler32(content), after.adler32());
        assertEquals(Optional.of(adler32(content)),
                backend.stat(ALICE.account(), SrmPath.of("/data/arc.root")).adler32(),
                "the checksum computed for the listing moved with the upload");
    }

    @Test
    void openPutWithoutTransferOrOfAnotherAccountOrAbortedIsStillMissing() throws Exception {
        TransferResult r = put("/data/nothing-yet.root", 0, false);
        assertEquals(SrmStatus.SRM_INVALID_PATH, lsTarget(ALICE, "/data/nothing-yet.root").status());
        transfer(r, 0, data(10, 1));
        assertEquals(SrmStatus.SRM_INVALID_PATH, lsTarget(BOB, "/data/nothing-yet.root").status(),
                "only the account that made the put sees its upload");
        assertEquals(SrmStatus.SRM_SUCCESS, control.abort(ALICE, r.token(), List.of()).get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, lsTarget(ALICE, "/data/nothing-yet.root").status());
    }

    @Test
    void openPutIsListedAfterARestartFromTheJournal() throws Exception {
        TransferResult r = put("/data/restart.root", 0, false);
        transfer(r, 0, data(300, 2));
        janitor = new UploadJanitor(backend, stateDir.resolve("uploads.journal"), clock);
        janitor.recover();
        assertEquals(SrmStatus.SRM_FILE_BUSY, lsTarget(ALICE, "/data/restart.root").status());
        clock.advance(LIFETIME);
        assertEquals(SrmStatus.SRM_INVALID_PATH, lsTarget(ALICE, "/data/restart.root").status(),
                "an expired put is no longer listed");
    }

    // ---- the staging area ----

    @Test
    void aSecondPutOfATargetWithAnUploadInProgressIsFileBusy() throws Exception {
        TransferResult first = put("/data/busy.root", 0, true);
        TransferResult second = preparePut(puts, ALICE, List.of(new PutFile(surl("/data/busy.root"), 0),
                new PutFile(surl("/data/free.root"), 0)), GSIFTP, false, Optional.empty(), null);
        assertEquals(SrmStatus.SRM_FILE_BUSY, second.files().get(0).status());
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, second.files().get(1).status());
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, second.status());
        assertEquals(SrmStatus.SRM_FILE_BUSY, puts.status(ALICE, second.token(), List.of()).files().get(0).status(),
                "the refusal is repeated by every later answer");
        control.abort(ALICE, first.token(), List.of());
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, put("/data/busy.root", 0, true).files().get(0).status(),
                "an aborted put no longer holds its target");
    }

    @Test
    void srmRmOfATargetBeingUploadedAbortsItsPutAndFreesTheTarget() throws Exception {
        TransferResult stale = put("/data/retried.root", 0, true);
        Path upload = transfer(stale, 0, data(300, 4));
        assertEquals(SrmStatus.SRM_FILE_BUSY, put("/data/retried.root", 0, false).files().get(0).status());
        NamespaceService namespace = new NamespaceService(backend, surls, puts);
        assertEquals(SrmStatus.SRM_INVALID_PATH, namespace.rm(BOB, List.of(surl("/data/retried.root"))).get(0)
                .status(), "only the account that is uploading aborts its put");
        assertEquals(List.of(FileOutcome.ok(surl("/data/retried.root"))),
                namespace.rm(ALICE, List.of(surl("/data/retried.root"))));
        assertTrue(Files.isDirectory(upload), "the data is gone, a tombstone stays");
        assertEquals(SrmStatus.SRM_ABORTED, puts.status(ALICE, stale.token(), List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, put("/data/retried.root", 0, true).files().get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, namespace.rm(ALICE, List.of(surl("/data/nothing"))).get(0).status());
    }

    @Test
    void aFinishedOrExpiredPutNoLongerHoldsItsTarget() throws Exception {
        TransferResult r = put("/data/once.root", 0, true);
        transfer(r, 0, data(10, 1));
        puts.putDone(ALICE, r.token(), List.of());
        TransferResult again = put("/data/once.root", 0, true);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, again.files().get(0).status());
        clock.advance(LIFETIME);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, put("/data/once.root", 0, true).files().get(0).status());
    }

    @Test
    void anAbortedUploadLeavesItsDirectoryEmptyAndRemovable() throws Exception {
        LocalAccounts.dir(root.resolve("data/run"), LocalAccounts.SRMUSER1);
        TransferResult r = put("/data/run/f.root", 0, false);
        transfer(r, 0, data(500, 8));
        control.abort(ALICE, r.token(), List.of());
        try (Stream<Path> in = Files.list(root.resolve("data/run"))) {
            assertEquals(0, in.count());
        }
        new NamespaceService(backend, surls, puts).rmdir(ALICE, surl("/data/run"), false);
        assertFalse(Files.exists(root.resolve("data/run")));
    }

    @Test
    void anUploadInProgressNeitherShowsInItsDirectoryNorStopsItsRemoval() throws Exception {
        LocalAccounts.dir(root.resolve("data/run"), LocalAccounts.SRMUSER1);
        TransferResult r = put("/data/run/f.root", 0, false);
        Path upload = transfer(r, 0, data(500, 8));
        Lister lister = new Lister(backend, surls, 1000, janitor);
        LsResult listing = lister.ls(ALICE, List.of(surl("/data/run")), new LsOptions(false, 1, 0, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, listing.status());
        assertEquals(List.of(), listing.details().get(0).children());
        new NamespaceService(backend, surls, puts).rmdir(ALICE, surl("/data/run"), false);
        assertTrue(Files.exists(upload), "the transfer goes on");
        transfer(r, 0, data(600, 9));
        FileOutcome done = puts.putDone(ALICE, r.token(), List.of()).get(0);
        assertEquals(SrmStatus.SRM_INVALID_PATH, done.status());
        assertTrue(done.explanation().contains("/data/run no longer exists"), done.explanation());
    }

    @Test
    void renamingTheTargetsDirectoryDuringTheUploadKeepsTheTurlAndPutDoneNamesTheMissingDirectory()
            throws Exception {
        LocalAccounts.dir(root.resolve("data/run"), LocalAccounts.SRMUSER1);
        TransferResult r = put("/data/run/f.root", 0, false);
        new NamespaceService(backend, surls, puts).mv(ALICE, surl("/data/run"), surl("/data/run2"));
        byte[] content = data(700, 3);
        Path upload = transfer(r, 0, content);
        assertEquals(SrmStatus.SRM_INVALID_PATH, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertTrue(Files.exists(upload), "the data is kept until the put expires");
        assertFalse(Files.exists(root.resolve("data/run2/f.root")), "the data does not follow the directory");
        new NamespaceService(backend, surls, puts).mkdir(ALICE, surl("/data/run"));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertArrayEquals(content, Files.readAllBytes(root.resolve("data/run/f.root")));
    }

    @Test
    void theStagingAreaIsNoPartOfTheSurlNamespace() throws Exception {
        put("/data/hidden.root", 0, false);
        Lister lister = new Lister(backend, surls, 1000, janitor);
        LsResult rootListing = lister.ls(ALICE, List.of(surl("/")), new LsOptions(false, -1, 0, 0));
        List<String> shown = rootListing.details().get(0).children().stream().map(PathDetail::path).toList();
        assertTrue(shown.contains("/data") && shown.stream().noneMatch(p -> p.contains(StagingArea.NAME)),
                shown.toString());
        assertEquals(SrmStatus.SRM_INVALID_PATH,
                lister.ls(ALICE, List.of(surl("/.srm-uploads/srmuser1")), new LsOptions(false, 1, 0, 0))
                        .details().get(0).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, statusOf(() -> {
            new NamespaceService(backend, surls, puts).rmdir(BOB, surl("/.srm-uploads/srmuser1"), true);
            return null;
        }));
        assertEquals(SrmStatus.SRM_INVALID_PATH, put("/.srm-uploads/srmuser1/x", 0, true).files().get(0).status());
    }

    // ---- abort and the janitor ----

    @Test
    void abortRemovesTheUploadAndNothingReachesTheTarget() throws Exception {
        TransferResult r = put("/data/aborted.root", 0, false);
        Path upload = transfer(r, 0, data(500, 8));
        List<FileOutcome> aborted = control.abort(ALICE, r.token(), List.of());
        assertEquals(SrmStatus.SRM_SUCCESS, aborted.get(0).status());
        assertFalse(Files.isRegularFile(upload), "the transferred data is gone");
        assertTrue(Files.isDirectory(upload), "a tombstone a late transfer cannot write over");
        assertEquals(SrmStatus.SRM_ABORTED, puts.status(ALICE, r.token(), List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_ABORTED, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
        assertFalse(Files.exists(root.resolve("data/aborted.root")));
        clock.advance(LIFETIME);
        janitor.sweep();
        assertFalse(Files.exists(upload), "the janitor removes the tombstone when the request expires");
        assertEquals(0, janitor.pendingCount());
    }

    @Test
    void expiredPutsUploadIsRemovedBySweep() throws Exception {
        TransferResult r = preparePut(puts, ALICE, List.of(new PutFile(surl("/data/slow.root"), 0)), GSIFTP, false,
                Optional.empty(), Duration.ofMinutes(10));
        assertEquals(600, r.remainingSeconds());
        Path upload = transfer(r, 0, data(100, 9));
        clock.advance(Duration.ofMinutes(9));
        assertEquals(0, janitor.sweep());
        assertTrue(Files.exists(upload));
        clock.advance(Duration.ofMinutes(1));
        assertEquals(1, janitor.sweep());
        assertFalse(Files.exists(upload));
        assertEquals(0, janitor.pendingCount());
        assertFalse(Files.exists(root.resolve("data/slow.root")));
        assertEquals(SrmStatus.SRM_FILE_LIFETIME_EXPIRED, puts.putDone(ALICE, r.token(), List.of()).get(0).status());
    }

    @Test
    void lifetimeAboveTheMaximumIsCutToTheMaximum() throws Exception {
        TransferResult r = preparePut(puts, ALICE, List.of(new PutFile(surl("/data/long.root"), 0)), GSIFTP, false,
                Optional.empty(), Duration.ofDays(30));
        assertEquals((int) LIFETIME.toSeconds(), r.remainingSeconds());
    }

    @Test
    void journalSurvivesARestart() throws Exception {
        TransferResult abandoned = put("/data/abandoned.root", 0, false);
        Path abandonedUpload = transfer(abandoned, 0, data(100, 10));
        TransferResult finished = put("/data/finished.root", 0, false);
        transfer(finished, 0, data(200, 11));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, finished.token(), List.of()).get(0).status());

        UploadJanitor afterRestart = new UploadJanitor(backend, stateDir.resolve("uploads.journal"), clock);
        afterRestart.recover();
        assertEquals(1, afterRestart.pendingCount());
        assertEquals(0, afterRestart.sweep());
        assertTrue(Files.exists(abandonedUpload));
        clock.advance(LIFETIME);
        assertEquals(1, afterRestart.sweep());
        assertFalse(Files.exists(abandonedUpload));
        assertArrayEquals(data(200, 11), Files.readAllBytes(root.resolve("data/finished.root")));

        UploadJanitor again = new UploadJanitor(backend, stateDir.resolve("uploads.journal"), clock);
        again.recover();
        assertEquals(0, again.pendingCount());
    }

    @ParameterizedTest
    @ValueSource(strings = {"odd\tname", "new\nline", "carriage\rreturn"})
    void journalSurvivesARestartForUploadsInDirectoriesWithLineBreaksOrTabsInTheirNames(String dir) throws Exception {
        LocalAccounts.dir(root.resolve("data").resolve(dir), LocalAccounts.SRMUSER1);
        TransferResult abandoned = put("/data/" + dir + "/abandoned.root", 0, false);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, abandoned.files().get(0).status());
        Path upload = transfer(abandoned, 0, data(10, 12));
        TransferResult finished = put("/data/" + dir + "/finished.root", 0, false);
        transfer(finished, 0, data(20, 13));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, finished.token(), List.of()).get(0).status());

        UploadJanitor afterRestart = new UploadJanitor(backend, stateDir.resolve("uploads.journal"), clock);
        afterRestart.recover();
        assertEquals(1, afterRestart.pendingCount());
        clock.advance(LIFETIME);
        assertEquals(1, afterRestart.sweep());
        assertFalse(Files.exists(upload));
        assertArrayEquals(data(20, 13), Files.readAllBytes(root.resolve("data").resolve(dir).resolve("finished.root")));
    }

    // ---- space tokens ----

    @Test
    void putWithASpaceTokenMustLandInItsArea() throws Exception {
        TransferResult r = preparePut(puts, ALICE, List.of(new PutFile(surl("/data/disk/in.root"), 0),
                        new PutFile(surl("/data/out.root"), 0), new PutFile(surl("/data/diskette/out.root"), 0)),
                GSIFTP, false, Optional.of("DATADISK"), null);
        assertEquals(List.of(SrmStatus.SRM_SPACE_AVAILABLE, SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_INVALID_REQUEST),
                r.files().stream().map(TransferFile::status).toList());
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, r.status());
    }

    @Test
    void unknownSpaceTokenIsAnInvalidRequest() {
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> preparePut(puts, ALICE,
                List.of(new PutFile(surl("/data/disk/in.root"), 0)), GSIFTP, false, Optional.of("NOSUCH"), null)));
    }

    // ---- srmPrepareToGet ----

    @Test
    void getOfAFileIsPinnedWithATurlAndItsSize() throws Exception {
        LocalAccounts.file(root.resolve("data/get.root"), LocalAccounts.SRMUSER1, data(4321, 13));
        TransferResult r = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/data/get.root")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        TransferFile f = r.files().get(0);
        assertEquals(SrmStatus.SRM_FILE_PINNED, f.status());
        assertEquals(DOOR + root + "/data/get.root", f.turl());
        assertEquals(root.resolve("data/get.root"), local(f.turl()));
        assertEquals(4321L, f.size());
        TransferResult st = gets.status(ALICE, RequestKind.GET, r.token(), List.of());
        assertEquals(SrmStatus.SRM_FILE_PINNED, st.files().get(0).status());
        assertEquals(f.turl(), st.files().get(0).turl());
    }

    @Test
    void getOfADirectoryOrAMissingFileFailsPerFile() throws Exception {
        LocalAccounts.file(root.resolve("data/there.root"), LocalAccounts.SRMUSER1, data(1, 1));
        TransferResult r = prepareGet(gets, ALICE, RequestKind.GET,
                List.of(surl("/data/there.root"), surl("/data/disk"), surl("/data/missing.root")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, r.status());
        assertEquals(List.of(SrmStatus.SRM_FILE_PINNED, SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_INVALID_PATH),
                r.files().stream().map(TransferFile::status).toList());
        assertEquals(null, r.files().get(1).turl());
        assertEquals(null, r.files().get(2).turl());
        TransferResult none = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/data/missing.root")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_FAILURE, none.status());
    }

    @Test
    void getOfAFileTheAccountCannotReadIsAnAuthorizationFailure() throws Exception {
        Path secret = LocalAccounts.file(root.resolve("bobs/secret.root"), LocalAccounts.SRMUSER2, data(5, 5));
        LocalAccounts.own(secret, LocalAccounts.SRMUSER2, "rw-------");
        TransferResult r = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/bobs/secret.root")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.files().get(0).status());
        assertEquals(null, r.files().get(0).turl());
    }

    @Test
    void bringOnlineOfAFileSucceedsWithoutATurl() throws Exception {
        LocalAccounts.file(root.resolve("data/online.root"), LocalAccounts.SRMUSER1, data(77, 1));
        TransferResult r = prepareGet(gets, ALICE, RequestKind.BRING_ONLINE, List.of(surl("/data/online.root")), List.of(),
                null);
        assertEquals(SrmStatus.SRM_SUCCESS, r.files().get(0).status());
        assertEquals(null, r.files().get(0).turl());
        assertEquals(77L, r.files().get(0).size());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> gets.status(ALICE, RequestKind.GET, r.token(),
                List.of(surl("/data/online.root")))));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> gets.status(ALICE, RequestKind.BRING_ONLINE,
                r.token(), List.of())), "a short token carries no SURLs: a status call names them");
        assertEquals(77L, gets.status(ALICE, RequestKind.BRING_ONLINE, r.token(), List.of(surl("/data/online.root")))
                .files().get(0).size());
    }

    @Test
    void getTokenOfAnotherDnIsRefused() throws Exception {
        LocalAccounts.file(root.resolve("data/mine.root"), LocalAccounts.SRMUSER1, data(1, 1));
        TransferResult r = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/data/mine.root")), GSIFTP, null);
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                statusOf(() -> gets.status(BOB, RequestKind.GET, r.token(), List.of())));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> control.release(BOB, r.token(), List.of())));
    }

    /**
     * Two clients of one user ask for the same file in the same instant (the clock does not move): each gets a token
     * of its own, and one client's srmReleaseFiles is not seen in the other's srmStatusOfGetRequest.
     */
    @ParameterizedTest
    @ValueSource(strings = {"GET", "BRING_ONLINE"})
    void identicalRequestsInTheSameInstantGetTokensOfTheirOwnAndAReleaseOfOneLeavesTheOther(String kindName)
            throws Exception {
        RequestKind kind = RequestKind.valueOf(kindName);
        List<String> protocols = kind == RequestKind.GET ? GSIFTP : List.of();
        LocalAccounts.file(root.resolve("data/same.root"), LocalAccounts.SRMUSER1, data(10, 3));
        TransferResult first = prepareGet(gets, ALICE, kind, List.of(surl("/data/same.root")), protocols, null);
        TransferResult second = prepareGet(gets, ALICE, kind, List.of(surl("/data/same.root")), protocols, null);
        assertNotEquals(first.token(), second.token());

        assertEquals(List.of(FileOutcome.ok(surl("/data/same.root"))),
                control.release(ALICE, first.token(), List.of(surl("/data/same.root"))));
        // a bring-online's short token (for gfal2) carries no SURLs: its status calls name them, as gfal2's do
        List<String> named = List.of(surl("/data/same.root"));
        assertEquals(SrmStatus.SRM_RELEASED,
                gets.status(ALICE, kind, first.token(), named).files().get(0).status());
        SrmStatus held = kind == RequestKind.GET ? SrmStatus.SRM_FILE_PINNED : SrmStatus.SRM_SUCCESS;
        assertEquals(held, gets.status(ALICE, kind, second.token(), named).files().get(0).status());
    }

    // ---- srmExtendFileLifeTime: a signed token fixes its lifetimes ----

    @Test
    void anExtensionGatewayModeCannotKeepIsNeverASuccess() throws Exception {
        LocalAccounts.file(root.resolve("data/pinned.root"), LocalAccounts.SRMUSER1, data(3, 3));
        TransferResult g = prepareGet(gets, ALICE, RequestKind.GET, List.of(surl("/data/pinned.root")), GSIFTP,
                Duration.ofMinutes(10));
        RequestControl.ExtendedLifetime e = control.extend(ALICE, g.token(), List.of(surl("/data/pinned.root")),
                3600).get(0);
        assertEquals(SrmStatus.SRM_FAILURE, e.status());
        assertTrue(e.explanation().contains("cannot change a lifetime"), e.explanation());
        assertEquals(null, e.pinLifetime());
        assertEquals(600, gets.status(ALICE, RequestKind.GET, g.token(), List.of()).files().get(0).remainingSeconds());

        TransferResult p = put("/data/unwritten.root", 0, false);
        RequestControl.ExtendedLifetime u = control.extend(ALICE, p.token(), List.of(surl("/data/unwritten.root")),
                3600).get(0);
        assertEquals(SrmStatus.SRM_FAILURE, u.status(), "an upload not yet written is no invalid path, and not extended");
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> {
            control.suspend(ALICE, p.token());
            return null;
        }));
    }

    // ---- tokens issued by gateway mode before it ran the request engine ----

    private final org.opensrm.core.gateway.OldGatewayTokens old = new org.opensrm.core.gateway.OldGatewayTokens(KEY);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aPutTokenOfTheOldFormatStillGivesItsStatusAndLandsWithPutDone(int version) throws Exception {
        String name = UploadNames.PREFIX + "0123456789abcdef01234567";
        String upload = version == 1 ? name : new StagingArea(backend).directoryOf(LocalAccounts.SRMUSER1).child(name)
                .toString();
        String token = old.encode(version, RequestKind.PUT, ALICE.dn(), clock.instant(),
                clock.instant().plus(LIFETIME), false, List.of(org.opensrm.core.gateway.OldGatewayTokens.OldFile
                        .accepted(surl("/data/old-" + version + ".root"), "/data/old-" + version + ".root", upload,
                                7, "localhost:2811")));
        TransferResult st = puts.status(ALICE, token, List.of());
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, st.files().get(0).status());
        String turl = st.files().get(0).turl();
        assertEquals(version == 1 ? DOOR + root + "/data/" + name : DOOR + root + upload, turl);
        LocalAccounts.file(local(turl), LocalAccounts.SRMUSER1, data(7, 1));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.putDone(ALICE, token, List.of()).get(0).status());
        assertArrayEquals(data(7, 1), Files.readAllBytes(root.resolve("data/old-" + version + ".root")));
        assertEquals(SrmStatus.SRM_SUCCESS, puts.status(ALICE, token, List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> puts.status(BOB, token, List.of())));
    }

    @Test
    void anOldPutTokenCanBeAborted() throws Exception {
        String upload = new StagingArea(backend).directoryOf(LocalAccounts.SRMUSER1)
                .child(UploadNames.PREFIX + "00112233445566778899aabb").toString();
        String token = old.encode(3, RequestKind.PUT, ALICE.dn(), clock.instant(), clock.instant().plus(LIFETIME),
                false, List.of(org.opensrm.core.gateway.OldGatewayTokens.OldFile.accepted(surl("/data/gone.root"),
                        "/data/gone.root", upload, 0, "localhost:2811")));
        assertEquals(SrmStatus.SRM_SUCCESS, control.abort(ALICE, token, List.of()).get(0).status());
        assertEquals(SrmStatus.SRM_ABORTED, puts.status(ALICE, token, List.of()).files().get(0).status());
        assertEquals(SrmStatus.SRM_ABORTED, puts.putDone(ALICE, token, List.of()).get(0).status());
    }

    @Test
    void aGetTokenOfTheOldFormatStillGivesItsTurlAndIsReleased() throws Exception {
        LocalAccounts.file(root.resolve("data/kept.root"), LocalAccounts.SRMUSER1, data(9, 9));
        String token = old.encode(3, RequestKind.GET, ALICE.dn(), clock.instant(), clock.instant().plus(LIFETIME),
                false, List.of(org.opensrm.core.gateway.OldGatewayTokens.OldFile.accepted(surl("/data/kept.root"),
                        "/data/kept.root", "", 0, "localhost:2811"),
                        org.opensrm.core.gateway.OldGatewayTokens.OldFile.refused(surl("/data/not.root"),
                                "/data/not.root", SrmStatus.SRM_INVALID_PATH)));
        TransferResult st = gets.status(ALICE, RequestKind.GET, token, List.of());
        assertEquals(SrmStatus.SRM_FILE_PINNED, st.files().get(0).status());
        assertEquals(DOOR + root + "/data/kept.root", st.files().get(0).turl());
        assertEquals(SrmStatus.SRM_INVALID_PATH, st.files().get(1).status());
        assertEquals(SrmStatus.SRM_SUCCESS, control.release(ALICE, token, List.of(surl("/data/kept.root")))
                .get(0).status());
        assertEquals(SrmStatus.SRM_RELEASED,
                gets.status(ALICE, RequestKind.GET, token, List.of()).files().get(0).status());
    }

    /**
     * A multi-file put whose upload journal refuses its second file after it kept the first: the put is refused
     * (no token, so no TURL reached the client), and the first file's target is not left busy.
     */
    @Test
    void aPutWhoseJournalFailsAfterItsFirstFileLeavesNoTargetBusy() throws Exception {
        RefusingUploadJournal journal = new RefusingUploadJournal("refused");
        PutService refusing = engine(new UploadJanitor(backend, journal, clock), new ReleasedFiles(1000, clock))
                .puts();
        List<PutFile> both = List.of(new PutFile(surl("/data/first.root"), 1), new PutFile(surl("/data/refused.root"),
                1));
        RuntimeException failed = assertThrows(RuntimeException.class,
                () -> preparePut(refusing, ALICE, both, GSIFTP, false, Optional.empty(), null));
        assertTrue(failed.getMessage().contains("cannot keep /data/refused.root"), failed.toString());
        assertEquals(0, journal.size(), "the first file's upload is forgotten again");
        TransferResult again = preparePut(refusing, ALICE, List.of(new PutFile(surl("/data/first.root"), 1)),
                GSIFTP, false, Optional.empty(), null);
        assertEquals(SrmStatus.SRM_SPACE_AVAILABLE, again.files().get(0).status(),
                "not SRM_FILE_BUSY: " + again.files().get(0).explanation());
    }

    private static TransferResult preparePut(PutService puts, Caller caller, List<PutFile> files,
                                             List<String> protocols, boolean overwrite, Optional<String> space,
                                             java.time.Duration total) throws SrmException {
        return puts.prepare(caller, new PutRequest(files, protocols, overwrite, space, Optional.empty(),
                new RequestOptions(Optional.empty(), Optional.ofNullable(total))));
    }

    private static TransferResult prepareGet(GetService gets, Caller caller, RequestKind kind, List<String> surls,
                                             List<String> protocols, java.time.Duration pin) throws SrmException {
        return gets.prepare(caller, kind, new GetRequest(surls, protocols, Optional.ofNullable(pin),
                RequestOptions.NONE));
    }
}

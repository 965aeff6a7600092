package org.opensrm.core.full;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.contract.StoreFixture;
import org.opensrm.core.contract.TestClock;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.SurlParser;

/**
 * Request control and the reaper as full mode wires them: a real POSIX backend over a temporary directory, a real
 * request store, the host's test accounts, a clock the test moves, and the engine's queue recorded.
 */
final class ControlEnv implements AutoCloseable {
    static final String HOST = "srm.example.org";
    static final Duration MAX_PIN = Duration.ofHours(1);
    static final AccountResolver ACCOUNTS = AccountResolver.system();

    final Path root;
    final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    final RecordingWorkQueue queue = new RecordingWorkQueue();
    final RequestStore store;
    final PosixBackend backend;
    final StagingArea staging;
    final PutUploads uploads;
    final SurlParser surls = new SurlParser(List.of(HOST));
    final QueuedRequestControl control;
    final Caller alice;
    final Caller bob;

    ControlEnv(Path root, StoreFixture fixture) throws Exception {
        this.root = root;
        Account srmuser1 = ACCOUNTS.resolve("srmuser1");
        alice = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Alice"), srmuser1);
        bob = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Bob"), ACCOUNTS.resolve("srmuser2"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(root.resolve("data"));
        own(root.resolve("data"), srmuser1);
        Files.setPosixFilePermissions(root.resolve("data"), PosixFilePermissions.fromString("rwxr-xr-x"));
        backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        staging = new StagingArea(backend);
        staging.create();
        uploads = new PutUploads(backend, staging, ACCOUNTS);
        store = fixture.open(clock);
        control = new QueuedRequestControl(store, queue, uploads, backend, surls, MAX_PIN, clock);
    }

    Reaper reaper(ReaperConfig config) {
        return reaper(store, config);
    }

    Reaper reaper(RequestStore on, ReaperConfig config) {
        return new Reaper(on, queue, uploads, config, clock);
    }

    static String surl(String path) {
        return "srm://" + HOST + ":8443/srm/managerv2?SFN=" + path;
    }

    /** A new request of {@code caller}'s, queued as the engine queues it; each file pinned {@code pin} once served. */
    Request create(RequestKind kind, Caller caller, Optional<String> description, Duration lifetime, Duration pin,
                   String... paths) throws SrmException {
        List<NewFile> files = new ArrayList<>();
        for (String p : paths) {
            files.add(NewFile.of(surl(p)).withPinLifetime(pin));
        }
        NewRequest n = NewRequest.of(kind, caller.owner(), lifetime, files);
        Request r = store.create(description.map(n::withDescription).orElse(n));
        queue.enqueue(r);
        return r;
    }

    Request create(RequestKind kind, Caller caller, String... paths) throws SrmException {
        return create(kind, caller, Optional.empty(), Duration.ofHours(1), Duration.ofMinutes(10), paths);
    }

    /** What the engine does when it serves file {@code index}: its kind's ready state, with a TURL. */
    Request serve(Request r, int index) throws SrmException {
        return store.update(r.token(), c -> c.withFile(index, f -> f.ready(c.kind(),
                Optional.of("gsiftp://localhost:2811/" + index), OptionalLong.empty(), clock.instant()),
                clock.instant()));
    }

    /** The engine working on file {@code index}. */
    Request start(Request r, int index) throws SrmException {
        return store.update(r.token(), c -> c.withFile(index, f -> f.moveTo(FileState.IN_PROGRESS), clock.instant()));
    }

    /** srmPutDone as the engine does it for file {@code index}. */
    Request putDone(Request r, int index) throws SrmException {
        return store.update(r.token(), c -> c.withFile(index, f -> f.moveTo(FileState.SUCCESS), clock.instant()));
    }

    Request load(Request r) throws SrmException {
        return store.load(r.token());
    }

    /** The local file of the upload of file {@code index} of a put of {@code caller}'s. */
    Path upload(Caller caller, Request r, int index) throws SrmException {
        SrmPath p = UploadPaths.of(staging.directoryOf(caller.account()), r.token(), index);
        return root.resolve(p.toString().substring(1));
    }

    /** What a GridFTP door does: writes data to the upload, as the caller's account. */
    Path writeUpload(Caller caller, Request r, int index, byte[] data) throws Exception {
        Path p = upload(caller, r, index);
        Files.write(p, data);
        own(p, caller.account());
        return p;
    }

    private static void own(Path p, Account a) throws IOException {
        Files.setAttribute(p, "unix:uid", a.uid());
        Files.setAttribute(p, "unix:gid", a.gid());
    }

    @Override
    public void close() throws IOException {
        store.close();
        backend.close();
    }
}

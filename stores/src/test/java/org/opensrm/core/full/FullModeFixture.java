package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.DoorTransfers;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.contract.TestClock;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.CountingSurlParser;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.gridftp.SelectionPolicy;

/**
 * Full mode wired as the server wires it, over a real POSIX backend in {@code root}, the embedded store in
 * {@code state}, and the real round-robin selector over two fixed doors whose health the test switches.
 */
final class FullModeFixture implements AutoCloseable {
    static final String HOST = "srm.example.org";
    static final List<GridFtpNode> DOORS = List.of(new GridFtpNode("localhost", 2811),
            new GridFtpNode("localhost", 2812));
    static final Caller ALICE = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Alice"), LocalAccounts.SRMUSER1);
    static final Caller BOB = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Bob"), LocalAccounts.SRMUSER2);
    static final Duration WAIT = Duration.ofSeconds(30);

    final Path root;
    final Path state;
    final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    final AtomicBoolean doorsUp = new AtomicBoolean(true);
    /** How often the selector asked whether a door is up. */
    final AtomicInteger doorChecks = new AtomicInteger();
    final PosixBackend backend;
    /** The server's parser, counting the SURLs it reads. */
    final CountingSurlParser surls = new CountingSurlParser(List.of(HOST));
    final GridFtpSelector selector;
    final DoorTransfers gridftp;
    final StagingArea staging;
    final UploadJanitor janitor;
    /** The owners' accounts; a test may put another resolver here before it starts full mode. */
    AccountResolver accounts = LocalAccounts::byName;
    RequestStore store;
    FullMode full;
    private final List<FullMode> others = new java.util.ArrayList<>();
    private final List<RequestStore> otherStores = new java.util.ArrayList<>();

    FullModeFixture(Path root, Path state) throws Exception {
        this.root = root;
        this.state = state;
        LocalAccounts.own(root, new Account("root", 0, 0, Set.of(0)), "rwxr-xr-x");
        LocalAccounts.dir(root.resolve("data"), LocalAccounts.SRMUSER1);
        LocalAccounts.dir(root.resolve("bobs"), LocalAccounts.SRMUSER2);
        backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        selector = GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN, DOORS, node -> {
            doorChecks.incrementAndGet();
            return doorsUp.get();
        });
        gridftp = DoorTransfers.of(selector, DOORS, root.toString());
        staging = new StagingArea(backend);
        staging.create();
        janitor = new UploadJanitor(backend, state.resolve("uploads.journal"), clock);
        janitor.recover();
    }

    static FullModeConfig.Builder config() {
        return FullModeConfig.builder().noDoorRetry(Duration.ofMillis(20), Duration.ofMillis(100))
                .answerWithin(Duration.ZERO)
                .lsAsyncSurls(2).workers(RequestKind.GET, 2);
    }

    /** Opens the embedded store and starts full mode. */
    FullMode start(FullModeConfig config, SchedulerConfig scheduler) throws SrmException {
        return start(RequestStores.embedded(state, clock), config, scheduler);
    }

    /** Starts full mode on {@code store}, which it closes when stopped. */
    FullMode start(RequestStore store, FullModeConfig config, SchedulerConfig scheduler) throws SrmException {
        this.store = store;
        full = new FullMode(store, backend, surls, gridftp, staging, janitor, new SpaceTokens(List.of(), backend),
                new Lister(backend, surls, 1000, janitor), accounts, scheduler, config, clock);
        full.start();
        return full;
    }

    /** Starts full mode with space reservation over {@code spaces}, on the embedded store. */
    FullMode startWithSpace(org.opensrm.core.space.SpaceService spaces, FullModeConfig config) throws SrmException {
        this.store = RequestStores.embedded(state, clock);
        full = new FullMode(store, backend, surls, gridftp, staging, janitor, new SpaceTokens(List.of(), backend),
                Optional.of(spaces), new Lister(backend, surls, 1000, janitor), accounts,
                SchedulerConfig.builder().build(), config, CopySetup.NONE, clock);
        full.start();
        return full;
    }

    FullMode start() throws SrmException {
        return start(config().build(), SchedulerConfig.builder().build());
    }

    /**
     * Another frontend on {@code store} over the same storage, with its own upload journal in {@code state},
     * started; closed with the fixture, and {@code store} after it.
     */
    FullMode frontend(RequestStore store, Path state, FullModeConfig config) throws Exception {
        return frontend(store, state, config, CopySetup.NONE);
    }

    /** As above, with srmCopy over {@code copies}. */
    FullMode frontend(RequestStore store, Path state, FullModeConfig config, CopySetup copies) throws Exception {
        UploadJanitor own = new UploadJanitor(backend, state.resolve("uploads.journal"), clock);
        own.recover();
        return frontend(store, own, config, copies);
    }

    /** Another frontend on {@code store} over the same storage, with {@code janitor}'s upload journal, started. */
    FullMode frontend(RequestStore store, UploadJanitor janitor, FullModeConfig config, CopySetup copies)
            throws SrmException {
        otherStores.add(store);
        FullMode other = new FullMode(store, backend, surls, gridftp, staging, janitor,
                new SpaceTokens(List.of(), backend), Optional.empty(), new Lister(backend, surls, 1000, janitor),
                accounts, SchedulerConfig.builder().build(), config, copies, clock);
        others.add(other);
        other.start();
        return other;
    }

    /** Stops full mode and closes the store, as a shutdown does. */
    void stop() {
        if (full != null) {
            full.close();
            full = null;
        }
        if (store != null) {
            store.close();
            store = null;
        }
    }

    /** The local file a TURL of this server names. */
    Path local(String turl) {
        return root.resolve(turl.substring(turl.indexOf(root.toString()) + root.toString().length() + 1));
    }

    static String surl(String path) {
        return "srm://" + HOST + ":8443/srm/managerv2?SFN=" + path;
    }

    static GetRequest get(String... paths) {
        return new GetRequest(List.of(paths).stream().map(FullModeFixture::surl).toList(), List.of("gsiftp"),
                Optional.empty(), RequestOptions.NONE);
    }

    /** Polls until {@code done} holds, failing after {@link #WAIT}. */
    static <T> T await(Call<T> call, java.util.function.Predicate<T> done) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        T last = call.call();
        while (!done.test(last)) {
            if (System.nanoTime() > end) {
                fail("still not done after " + WAIT + ": " + last);
            }
            Thread.sleep(10);
            last = call.call();
        }
        return last;
    }

    /** The status of a get, bring-online or put until the request is no longer queued or in progress. */
    TransferResult awaitServed(Call<TransferResult> status) throws Exception {
        TransferResult r = await(status, t -> t.files().stream().noneMatch(f -> f.status().name().startsWith(
                "SRM_REQUEST_")));
        assertTrue(r.files().size() > 0);
        return r;
    }

    @FunctionalInterface
    interface Call<T> {
        T call() throws Exception;
    }

    @Override
    public void close() throws Exception {
        others.forEach(FullMode::close);
        otherStores.forEach(RequestStore::close);
        stop();
        selector.close();
        backend.close();
    }
}

package org.opensrm.benchmarks.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.full.FullMode;
import org.opensrm.core.full.FullModeConfig;
import org.opensrm.core.service.DoorTransfers;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.gridftp.SelectionPolicy;

/**
 * Full mode's engine over a store, as the composition root makes it (defaults of {@link FullModeConfig} and
 * {@link SchedulerConfig}), on a POSIX backend in an empty directory with one GridFTP door that is always up; the
 * workload's SURLs name files that do not exist there, so resumed work fails its files at once.
 */
final class EngineOverStore implements AutoCloseable {
    /** The workload's owner as a caller: the same DN, mapped to the same account. */
    static final Caller OWNER = new Caller(ClientIdentity.of(StoreWorkload.OWNER.dn()),
            new Account(StoreWorkload.OWNER.account(), 1001, 1001, Set.of(1001)));

    private final PosixBackend backend;
    private final GridFtpSelector selector;
    private final FullMode full;

    /** Makes full mode over {@code store} and starts it (the resume scan included). */
    EngineOverStore(RequestStore store, Path root) throws Exception {
        Clock clock = Clock.systemUTC();
        Files.createDirectories(root);
        backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        SurlParser surls = new SurlParser(List.of(StoreWorkload.HOST));
        List<GridFtpNode> doors = List.of(new GridFtpNode("localhost", 2811));
        selector = GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN, doors, node -> true);
        StagingArea staging = new StagingArea(backend);
        staging.create();
        UploadJanitor janitor = new UploadJanitor(backend, root.resolve("uploads.journal"), clock);
        janitor.recover();
        full = new FullMode(store, backend, surls, DoorTransfers.of(selector, doors, root.toString()), staging, janitor,
                new SpaceTokens(List.of(), backend), new Lister(backend, surls, 1000, janitor),
                AccountResolver.system(), SchedulerConfig.builder().build(), FullModeConfig.DEFAULTS, clock);
        full.start();
    }

    /** srmStatusOfGetRequest as the engine answers it, for the owner. */
    TransferResult status(String token) throws SrmException {
        return full.gets().status(OWNER, RequestKind.GET, token, List.of());
    }

    /** Files of gets in the engine's queue or being worked on. */
    int waitingGets() {
        return full.scheduler().queued() + full.scheduler().inProgress(RequestKind.GET);
    }

    @Override
    public void close() throws Exception {
        full.close();
        selector.close();
        backend.close();
    }
}

package org.opensrm.server;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.function.IntSupplier;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.client.GlobusUrlCopyTransfer;
import org.opensrm.client.HttpgSrmClient;
import org.opensrm.client.http.HttpTpcConfig;
import org.opensrm.client.http.HttpTpcTransfer;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.GridFtpCopyConfig;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.opensrm.core.copy.TransfersByScheme;
import org.opensrm.core.full.CopySetup;
import org.opensrm.core.full.FullMode;
import org.opensrm.core.full.FullModeConfig;
import org.opensrm.core.full.StoredPins;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.CopySettings;
import org.opensrm.server.config.FullModeSettings;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.server.metrics.SrmMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full mode's part of the composition root ({@link SrmServer}): the engine over the request store, space
 * reservation over the same database, srmCopy's tools and SRM client over the transport's delegated credentials,
 * their metrics, and what starts and stops with them.
 */
final class FullModeAssembly {
    private static final Logger LOG = LoggerFactory.getLogger(FullModeAssembly.class);
    /** Who asks the backend for the size of a file entering a space (the callers were checked already). */
    private static final Account SERVER_ACCOUNT = new Account("root", 0, 0, java.util.Set.of(0));

    private final ServerConfig config;
    private final StorageBackend backend;
    private final StagingArea staging;
    private final UploadJanitor janitor;
    private final SrmMetrics metrics;
    private final DelegatedCredentials delegations;
    private final ExecutorService copyTools;
    private final IntSupplier ownPort;
    private final Clock clock;

    /**
     * @param copyTools runs srmCopy's transfer tools (one thread per running copy)
     * @param ownPort   this server's SRM port once it listens (srmCopy refuses a copy onto itself)
     */
    FullModeAssembly(ServerConfig config, StorageBackend backend, StagingArea staging, UploadJanitor janitor,
                     SrmMetrics metrics, DelegatedCredentials delegations, ExecutorService copyTools,
                     IntSupplier ownPort, Clock clock) {
        this.config = config;
        this.backend = backend;
        this.staging = staging;
        this.janitor = janitor;
        this.metrics = metrics;
        this.delegations = delegations;
        this.copyTools = copyTools;
        this.ownPort = ownPort;
        this.clock = clock;
    }

    /**
     * Full mode: requests queued in {@code store} and worked on by the engine's threads, request control over the
     * same store, and the reaper enforcing lifetimes and the retention of finished requests (all made by
     * {@link FullMode}, which, at start, first lets lifetimes that ran out while the server was down expire).
     */
    ModeServices assemble(RequestStore store, SurlParser surls, Transfers transfers, SpaceTokens spaces,
                          Lister lister, AccountResolver accounts) throws IOException, ConfigException {
        GlobusUrlCopyTransfer transfer = new GlobusUrlCopyTransfer(copyToolSettings(), copyTools);
        SpaceStore spaceStore = RequestStoreOpening.openSpaces(config, clock);
        SpaceService reservations = new SpaceService(spaceStore, config.space().limits(), this::sizeOf,
                new StoredPins(store, surls), new TokenGenerator(), clock);
        FullMode full = new FullMode(store, backend, surls, transfers, staging, janitor, spaces,
                Optional.of(reservations), lister, accounts, config.full().scheduler(), fullModeConfig(config),
                copySetup(transfer), clock);
        SpaceMetrics.register(metrics, reservations);
        metrics.gauge("srm_full_files_queued", () -> full.scheduler().queued());
        metrics.counter("srm_full_files_worked_total", full::filesWorked);
        metrics.counter("srm_full_files_fenced_total", full::filesFenced);
        metrics.counter("srm_full_requests_taken_over_total", full::requestsTakenOver);
        metrics.counter("srm_full_files_taken_over_total", full::filesTakenOver);
        metrics.counter("srm_full_files_redone_after_restart_total", full::filesRedoneAfterRestart);
        for (RequestKind kind : FullModeSettings.IN_PROGRESS_KEYS.keySet()) {
            String name = "srm_full_files_in_progress_" + kind.name().toLowerCase(java.util.Locale.ROOT);
            metrics.gauge(name, () -> full.scheduler().inProgress(kind));
        }
        return new ModeServices(full.listings(), full.puts(), full.gets(), full.control(), full.copies(),
                reservations, reservations,
                new ModeServices.Lifecycle() {
                    @Override
                    public void start() throws SrmException {
                        declareStaticTokens(reservations, spaces);
                        removeLeftoverProxies(transfer); // before the engine resumes any copy
                        full.start();
                    }

                    @Override
                    public void close() {
                        full.close();
                        spaceStore.close();
                    }
                });
    }

    /**
     * Keeps every {@code space.tokens} entry as a reservation that cannot be released, with its configured size or,
     * for size 0, the storage's total under its path (as gateway mode reports it), and its group if one is set.
     */
    private void declareStaticTokens(SpaceService reservations, SpaceTokens spaces) throws SrmException {
        for (StaticSpaceToken t : config.spaceTokens()) {
            long size = t.sizeBytes() > 0 ? t.sizeBytes() : storageTotal(spaces, t);
            reservations.declareStatic(t.name(), config.space().groupOf(t.name()), size, t.description());
        }
    }

    /** The storage's size under a static token's path, or under the root while that path does not exist yet. */
    private long storageTotal(SpaceTokens spaces, StaticSpaceToken t) throws SrmException {
        try {
            return spaces.figures(t).totalBytes();
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_INVALID_PATH) {
                throw e;
            }
            LOG.warn("space token {}: {} does not exist yet; sized as the storage's root", t.name(), t.path());
            return backend.space(SrmPath.ROOT).totalBytes();
        }
    }

    /** A file's size for the space service (srmChangeSpaceForFiles), looked up as the server. */
    private OptionalLong sizeOf(SrmPath path) throws SrmException {
        try {
            FileStat s = backend.stat(SERVER_ACCOUNT, path);
            return s.isDirectory() ? OptionalLong.empty() : OptionalLong.of(s.size());
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_PATH) {
                return OptionalLong.empty();
            }
            throw e;
        }
    }

    /**
     * A server killed during copies leaves their delegated proxies (private keys) in the copy work directory:
     * removed at start, before anything is served. One that cannot be removed stops the start.
     */
    private static void removeLeftoverProxies(GlobusUrlCopyTransfer transfer) throws SrmException {
        try {
            transfer.removeLeftoverProxies();
        } catch (IOException e) {
            throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "cannot remove the delegated proxies left in the"
                    + " copy work directory: " + e.getMessage());
        }
    }

    /**
     * srmCopy's parts from the {@code srm.copy.*} keys: {@code transfer} (globus-url-copy between this server's
     * doors and those of {@code srm.copy.peers}), an SRM client presenting the client's delegated credential, and
     * the delegated credentials the transport keeps.
     */
    private CopySetup copySetup(GlobusUrlCopyTransfer gridFtp) throws ConfigException {
        CopySettings c = config.copy();
        try {
            Optional<HttpTpcTransfer> http = httpTpc();
            ThirdPartyTransfer transfer = http.isEmpty() ? gridFtp
                    : new TransfersByScheme(List.of(gridFtp, http.get()));
            return CopySetup.of(transfer, new HttpgSrmClient(config.caDir(), c.callTimeout()), copyPeers(),
                    delegations, ownPort);
        } catch (IOException e) {
            throw new ConfigException("srmCopy cannot trust other storage elements: " + e.getMessage());
        }
    }

    /**
     * The HTTP third-party copy, when this server has {@code https} doors whose TURLs carry macaroons
     * ({@code doors.macaroon.secret}): its doors are then the active party of every copy with a storage element that
     * offers {@code https} too, with the same attempts, back-off and stall timeout as GridFTP's copies.
     */
    private Optional<HttpTpcTransfer> httpTpc() throws ConfigException, IOException {
        List<String> https = new ArrayList<>();
        config.gridftpNodes().stream().filter(n -> n.serves(GridFtpNode.HTTPS))
                .forEach(n -> https.add(n.host() + ":" + n.port(GridFtpNode.HTTPS)));
        if (https.isEmpty()) {
            return Optional.empty();
        }
        if (config.macaroons().secret().isEmpty()) {
            LOG.info("srmCopy: no HTTP third-party copy through the https doors {}: their TURLs carry no macaroon"
                    + " (doors.macaroon.secret is not set); copies use GridFTP", https);
            return Optional.empty();
        }
        CopySettings c = config.copy();
        HttpTpcConfig settings = HttpTpcConfig.builder(config.caDir(), https).peers(copyPeers())
                .attempts(c.attempts()).backoff(c.backoff(), c.backoffMax()).stallTimeout(c.stallTimeout())
                .callTimeout(c.callTimeout()).build();
        LOG.info("srmCopy: HTTP third-party copy through this server's https doors {} with peers that offer https",
                https);
        return Optional.of(new HttpTpcTransfer(settings, copyTools));
    }

    /** This server's doors (always allowed copy peers) and those of {@code srm.copy.peers}. */
    private CopyPeers copyPeers() throws ConfigException {
        CopySettings c = config.copy();
        List<String> allowed = new ArrayList<>(c.peers());
        config.gridftpNodes().forEach(n -> allowed.add(n.host() + ":" + n.port()));
        try {
            return CopyPeers.of(allowed);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("srm.copy.peers: " + e.getMessage());
        }
    }

    /** The transfer tools' settings from the {@code srm.copy.*} keys. */
    private GridFtpCopyConfig copyToolSettings() throws ConfigException {
        CopySettings c = config.copy();
        return GridFtpCopyConfig.builder(config.caDir(), c.workDir().orElse(config.stateDir().resolve("copy-work")))
                .globusUrlCopy(c.globusUrlCopy()).gfalRm(c.gfalRm()).gfalSum(c.gfalSum()).peers(copyPeers())
                .attempts(c.attempts()).backoff(c.backoff(), c.backoffMax()).stallTimeout(c.stallTimeout()).build();
    }

    /** {@link FullModeConfig} from the {@code srm.*} keys full mode reads. */
    static FullModeConfig fullModeConfig(ServerConfig config) {
        FullModeSettings f = config.full();
        FullModeConfig.Builder b = FullModeConfig.builder();
        for (RequestKind kind : FullModeSettings.IN_PROGRESS_KEYS.keySet()) {
            b.workers(kind, f.scheduler().maxInProgress(kind)); // one thread per file in progress
        }
        return b
                .defaultRequestLifetime(f.requestLifetime()).maxRequestLifetime(f.requestLifetimeMax())
                .defaultPinLifetime(f.pinLifetime()).maxPinLifetime(f.pinLifetimeMax())
                .turlLifetime(f.turlLifetime())
                .maxFilesPerRequest(config.limits().maxRequestItems())
                .lsAsyncSurls(f.lsAsyncThreshold()).lsAsyncLevels(f.lsAsyncLevels())
                .finishedRetention(f.finishedRetention()).reaperInterval(f.reaperInterval())
                .takeoverDelay(f.takeoverDelay())
                .build();
    }
}

package org.opensrm.server;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.Authorizers;
import org.opensrm.authz.BanList;
import org.opensrm.authz.Mapper;
import org.opensrm.authz.gridmap.GridMapConfig;
import org.opensrm.authz.gridmap.GridMapMapper;
import org.opensrm.authz.gums.GumsConfig;
import org.opensrm.authz.gums.GumsMapper;
import org.opensrm.authz.gums.GumsTls;
import org.opensrm.authz.vomsmap.VomsMapConfig;
import org.opensrm.authz.token.TokenMapper;
import org.opensrm.authz.vomsmap.VomsMapMapper;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.core.service.CopyService;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.gridftp.SelectionPolicy;
import org.opensrm.gridftp.SelectorConfig;
import org.opensrm.server.config.ConfigException;
import org.opensrm.server.config.ServerConfig;
import org.opensrm.core.full.FullMode;
import org.opensrm.core.full.FullModeConfig;
import org.opensrm.core.full.OutsideTokens;
import org.opensrm.core.service.DoorTransfers;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.TurlAuthorization;
import org.opensrm.core.macaroon.MacaroonSecret;
import org.opensrm.core.macaroon.MacaroonTurlAuthorization;
import org.opensrm.core.macaroon.TurlMacaroons;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.Uploads;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.ReleasedFiles;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.server.soap.AdmissionControl;
import org.opensrm.server.metrics.MetricsEndpoint;
import org.opensrm.server.metrics.Readiness;
import org.opensrm.server.metrics.SrmMetrics;
import org.opensrm.server.soap.OperationTable;
import org.opensrm.server.soap.SoapCalls;
import org.opensrm.server.soap.RequestLimits;
import org.opensrm.server.soap.SoapServlet;
import org.opensrm.core.gateway.TokenCodec;
import org.opensrm.transport.HttpgServer;
import org.opensrm.transport.Peers;
import org.opensrm.transport.TransportConfig;
import org.opensrm.transport.TransportStats;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.NamespaceChanges;
import org.opensrm.core.service.StaticSpaces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: builds every part of the server from its configuration with {@code new}, starts it,
 * and stops it. Nothing else in the server wires anything.
 */
public final class SrmServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SrmServer.class);
    /** Released files remembered for SRM_RELEASED answers: about 200 bytes each, so at most some 20 MB. */
    private static final int RELEASED_FILES_REMEMBERED = 100_000;
    public static final String VERSION = "0.1.0";
    static final List<String> PATHS = List.of("/srm/managerv2", "/srm/v2/server");

    private final ServerConfig config;
    private final StorageBackend backend;
    private final GridFtpSelector selector;
    private final UploadJanitor janitor;
    private final StagingArea staging;
    private final HttpgServer transport;
    private final ScheduledExecutorService housekeeping;
    private final ScheduledExecutorService admissionTimer;
    private final AdmissionControl admission;
    private final List<String> surlHosts;
    private final SrmMetrics metrics;
    /** Full mode's request store; empty in gateway mode. */
    private final Optional<RequestStore> store;
    /** The credentials clients delegate on httpg: kept by the transport, leased by srmCopy. */
    private final DelegatedCredentials delegations;
    /** Runs srmCopy's transfer tools (one thread per running copy); empty in gateway mode. */
    private final ExecutorService copyTools;
    private ModeServices.Lifecycle modeLifecycle = ModeServices.Lifecycle.NONE;
    private MetricsEndpoint metricsEndpoint;
    /** The load balancer's checks on the metrics port; null when that endpoint is off. */
    private Readiness readiness;

    public SrmServer(ServerConfig config) throws ConfigException, IOException {
        this(config, UnaryOperator.identity());
    }

    /**
     * The server with the configured backend as seen through {@code backendView}: the identity in production;
     * end-to-end tests use it to hold a call inside the backend (and so keep a processing slot busy).
     */
    public SrmServer(ServerConfig config, UnaryOperator<StorageBackend> backendView)
            throws ConfigException, IOException {
        this(config, backendView, Clock.systemUTC());
    }

    /**
     * As above, lifetimes, expiries and idle times counted by {@code clock}: the system clock in production; tests
     * move it ahead to make such time pass at once.
     */
    public SrmServer(ServerConfig config, UnaryOperator<StorageBackend> backendView, Clock clock)
            throws ConfigException, IOException {
        this.config = config;
        this.metrics = new SrmMetrics();
        StartupProblems problems = new StartupProblems(); // what is wrong with any file named: all reported at once
        this.surlHosts = config.surlHosts().isEmpty()
                ? problems.check(() -> HostCertificateNames.of(config.hostCert()), List.of(config.host()))
                : config.surlHosts();
        problems.requireReadableFile(config.hostKey(), "srm.hostkey", "host key");
        problems.requireReadableDirectory(config.caDir(), "srm.cadir", "CA directory");
        Map<String, TurlAuthorization> turlAuthorizations = problems.check(() -> turlAuthorizations(config), Map.of());
        AccountResolver accounts = AccountResolver.system();
        Authorizer authorizer = authorizer(config, surlHosts, metrics, accounts, problems);
        GridFtpSelector chosen = problems.check(() -> selector(config), null);
        if (problems.any()) {
            if (chosen != null) {
                chosen.close();
            }
            problems.failIfAny();
        }
        this.selector = chosen;
        try {
            this.backend = backendView.apply(Backends.open(config));
        } catch (ConfigException | IOException | RuntimeException e) {
            selector.close();
            throw e;
        }
        this.staging = new StagingArea(backend);
        this.store = config.fullMode() ? Optional.of(RequestStoreOpening.open(config, clock)) : Optional.empty();
        // frontends sharing a PostgreSQL store share the journal of uploads there: one view of busy targets
        this.janitor = store.flatMap(RequestStores::sharedUploads)
                .map(shared -> new UploadJanitor(backend, shared, clock))
                .orElseGet(() -> new UploadJanitor(backend, config.stateDir().resolve("uploads.journal"), clock,
                        config.putIdle()));
        this.delegations = new DelegatedCredentials(clock);
        this.copyTools = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "srm-copy-tool");
            t.setDaemon(true);
            return t;
        });
        try {
            SurlParser surls = new SurlParser(surlHosts);
            Transfers transfers = new DoorTransfers(selector, config.gridftpNodes(), config.gridftpPathPrefix(),
                    config.fileAccessPrefix(), turlAuthorizations);
            SpaceTokens spaces = new SpaceTokens(config.spaceTokens(), backend);
            Lister lister = new Lister(backend, surls, config.lsMaxEntries(), janitor);
            ModeServices mode = store.isPresent()
                    ? new FullModeAssembly(config, backend, staging, janitor, metrics, delegations, copyTools,
                            this::ownPort, clock)
                            .assemble(store.get(), surls, transfers, spaces, lister, accounts)
                    : gatewayMode(config, surls, transfers, spaces, lister, accounts, clock);
            this.modeLifecycle = mode.lifecycle();
            OperationTable operations = CoreOperations.table(mode.listings(),
                    new NamespaceService(backend, surls, mode.puts(), mode.namespaceChanges(), janitor),
                    mode.puts(),
                    mode.gets(), mode.control(), mode.copies(), mode.spaces(), surls, "srm://" + surlHosts.get(0),
                    backend.type(), config.mode(), VERSION, transfers);

            ServerConfig.Limits limits = config.limits();
            this.admissionTimer = daemonScheduler("srm-admission-timer");
            this.admission = new AdmissionControl(limits.active(), Map.of("srmLs", limits.lsActive()),
                    limits.queue(), limits.queueWait(), limits.memory(), metrics, admissionTimer);
            SoapServlet servlet = new SoapServlet(operations, new SoapCalls(authorizer, metrics), Peers::identity,
                    Peers::delegatedCredential,
                    admission, new RequestLimits(
                    limits.maxRequestBytes(), limits.maxRequestItems(), Lister.largestPage(config.lsMaxEntries())));
            this.transport = new HttpgServer(transportConfig(config), servlet, PATHS, delegations);
            registerGauges();
            DoorMetrics.register(metrics, selector, config.gridftpNodes());
            metrics.counter("srm_ls_lane_answers_total", servlet::lsLaneAnswers);
            metrics.counter("srm_get_lane_answers_total", servlet::getLaneAnswers);
            metrics.counter("srm_requests_too_large_total", servlet::tooLargeRefusals);
            metrics.gauge("srm_requests_memory_bytes", admission::reservedBytes);
            this.housekeeping = daemonScheduler("srm-housekeeping");
        } catch (ConfigException | RuntimeException | Error e) {
            store.ifPresent(RequestStore::close); // nothing else holds it yet
            copyTools.shutdownNow();
            selector.close();
            throw e;
        }
    }

    /**
     * Gateway mode: the request engine over signed stateless tokens, every request served at once
     * ({@link OutsideTokens}); the releases this frontend remembers are its only request state.
     */
    private ModeServices gatewayMode(ServerConfig config, SurlParser surls, Transfers transfers, SpaceTokens spaces,
                                     Lister lister, AccountResolver accounts, Clock clock) {
        ReleasedFiles released = new ReleasedFiles(RELEASED_FILES_REMEMBERED, clock);
        RequestStore tokens = OutsideTokens.store(new TokenCodec(config.tokenKey()), new Uploads(backend, janitor),
                staging, surls, accounts, released, transfers, clock);
        FullMode engine = new FullMode(tokens, backend, surls, transfers, staging, janitor, spaces, lister, accounts,
                config.full().scheduler(), gatewayModeConfig(config), clock);
        return new ModeServices(engine.listings(), engine.puts(), engine.gets(), engine.control(),
                CopyService.NOT_SUPPORTED, new StaticSpaces(spaces, clock), NamespaceChanges.NONE,
                new ModeServices.Lifecycle() {
                    @Override
                    public void start() throws SrmException {
                        engine.start();
                    }

                    @Override
                    public void close() {
                        engine.close();
                    }
                });
    }

    /**
     * The engine's settings in gateway mode: a request lasts {@code srm.put.lifetime} at most (a put's TURL too), a
     * get's or bring-online's pin {@code srm.get.lifetime} at most, as the signed tokens always did.
     */
    static FullModeConfig gatewayModeConfig(ServerConfig config) {
        return FullModeConfig.builder()
                .defaultRequestLifetime(config.putLifetime()).maxRequestLifetime(config.putLifetime())
                .defaultPinLifetime(config.getLifetime()).maxPinLifetime(config.getLifetime())
                .turlLifetime(config.putLifetime())
                .maxFilesPerRequest(config.limits().maxRequestItems())
                .build();
    }

    private int ownPort() {
        return transport.port();
    }

    /** The listener's configuration from the {@code srm.*} and {@code jetty.*} keys. */
    public static TransportConfig transportConfig(ServerConfig config) {
        return TransportConfig.builder()
                .host(config.host()).port(config.port())
                .hostCert(config.hostCert()).hostKey(config.hostKey()).caDir(config.caDir())
                .vomsDir(config.authz().vomsDir().orElse(null))
                .threadsMin(config.threadsMin()).threadsMax(config.threadsMax())
                .acceptQueue(config.acceptQueue()).idleTimeout(config.idleTimeout())
                .maxConnections(config.maxConnections()).maxConnectionsPerAddress(config.maxConnectionsPerAddress())
                .handshakeTimeout(config.handshakeTimeout()).credentialRefresh(config.credentialsRefresh())
                .acceptors(config.acceptors()).selectors(config.selectors())
                .bearerTokens(config.authz().tokens().isPresent()) // certificates optional only with token issuers
                .build();
    }

    private static ScheduledExecutorService daemonScheduler(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    private void registerGauges() {
        metrics.gauge("srm_uploads_pending", janitor::pendingCount);
        metrics.gauge("srm_threads", () -> transport.stats().threads());
        metrics.gauge("srm_threads_busy", () -> transport.stats().busyThreads());
        metrics.gauge("srm_threads_idle", () -> transport.stats().idleThreads());
        metrics.gauge("srm_jobs_queued", () -> transport.stats().queuedJobs());
        metrics.gauge("srm_connections_open", () -> transport.stats().openConnections());
        metrics.counter("srm_connections_refused_total", () -> transport.stats().refusedConnections());
        metrics.counter("srm_connections_refused_per_address_total", () -> transport.stats().refusedPerAddress());
        metrics.counter("srm_connections_handshake_timeouts_total", () -> transport.stats().handshakeTimeouts());
    }

    /**
     * How each kind of door's TURLs carry what they may do ({@link TurlAuthorization}); kinds not named here
     * (GridFTP, which checks the client's own certificate) get their URL unchanged.
     */
    private static Map<String, TurlAuthorization> turlAuthorizations(ServerConfig config) throws ConfigException {
        if (config.macaroons().secret().isEmpty()) {
            return Map.of();
        }
        Path file = config.macaroons().secret().get();
        MacaroonSecret secret;
        try {
            secret = MacaroonSecret.read(file);
        } catch (IOException e) {
            throw new ConfigException("configuration key 'doors.macaroon.secret': " + e.getMessage());
        }
        TurlAuthorization macaroons = new MacaroonTurlAuthorization(
                new TurlMacaroons(secret, config.macaroons().location(), Clock.systemUTC()));
        LOG.info("root:// and https:// TURLs carry macaroons for location {} (secret {})",
                config.macaroons().location(), file);
        return Map.of(GridFtpNode.ROOT, macaroons, GridFtpNode.HTTPS, macaroons);
    }

    private static GridFtpSelector selector(ServerConfig config) throws ConfigException {
        if (config.gridftpNodes().isEmpty()) {
            return () -> {
                throw new SrmException(SrmStatus.SRM_FAILURE, "no GridFTP node is configured (gridftp.nodes)");
            };
        }
        try {
            return GridFtpSelectors.create(SelectorConfig.builder().nodes(config.gridftpNodes())
                    .policy(SelectionPolicy.parse(config.gridftpSelector()))
                    .probeInterval(config.gridftpProbeInterval()).connectTimeout(config.gridftpProbeTimeout())
                    .loadProbe(config.gridftpLoadProbe()).build());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("GridFTP selection (gridftp.*): " + e.getMessage());
        }
    }

    /**
     * The authorization chain: ban list, then the mappers of {@code srm.authz.mappers} in order, then the host's
     * accounts (see {@code docs/operating.md}). What is wrong with any of their files is recorded in
     * {@code problems}, every one of them; the chain is null then.
     */
    private static Authorizer authorizer(ServerConfig config, List<String> surlHosts, SrmMetrics metrics,
                                         AccountResolver accounts, StartupProblems problems) {
        BanList bans = problems.check(() -> config.banList().map(f -> BanList.fromFile(f, config.authzRefresh()))
                .orElse(BanList.NONE), BanList.NONE);
        List<Mapper> mappers = new ArrayList<>();
        for (String name : config.authz().mappers()) {
            Mapper m = problems.check(() -> name.equals("gums")
                    ? gums(config, surlHosts.isEmpty() ? config.host() : surlHosts.get(0), metrics)
                    : mapper(name, config), null);
            if (m != null) {
                mappers.add(m);
            }
        }
        return problems.any() ? null : problems.check(() -> Authorizers.chain(bans, mappers, accounts), null);
    }

    private static Mapper mapper(String name, ServerConfig config) {
        ServerConfig.Authz authz = config.authz();
        return switch (name) {
            case "gridmap" -> new GridMapMapper(GridMapConfig.builder(config.gridmap())
                    .refreshInterval(config.authzRefresh()).build());
            case "vomsmap" -> new VomsMapMapper(new VomsMapConfig(authz.vomsRoleMap().orElseThrow(),
                    authz.gridmapdir(), config.authzRefresh()));
            case "token" -> new TokenMapper(authz.tokens().orElseThrow());
            default -> throw new IllegalArgumentException("unknown mapper " + name + " in srm.authz.mappers");
        };
    }

    /** The GUMS call-out with its cache figures in the metrics. */
    private static GumsMapper gums(ServerConfig config, String seHost, SrmMetrics metrics) {
        ServerConfig.Gums g = config.authz().gums();
        GumsMapper gums = new GumsMapper(GumsConfig.builder(URI.create(g.url()),
                        GumsTls.hostContext(config.hostCert(), config.hostKey(), config.caDir()), seHost,
                        GumsTls.subjectOf(config.hostCert()))
                .timeout(g.timeout()).cacheTtl(g.cacheTtl()).negativeCacheTtl(g.negativeCacheTtl())
                .cacheSize(g.cacheSize()).build());
        metrics.counter("srm_gums_cache_hits_total", gums::cacheHits);
        metrics.counter("srm_gums_cache_misses_total", gums::cacheMisses);
        metrics.counter("srm_gums_cache_evictions_total", gums::cacheEvictions);
        metrics.gauge("srm_gums_cache_entries", gums::cacheSize);
        metrics.counter("srm_gums_calls_total", gums::calls);
        metrics.counter("srm_gums_calls_failed_total", gums::failures);
        return gums;
    }

    public void start() throws Exception {
        staging.create();
        janitor.recover();
        modeLifecycle.start();
        transport.start();
        if (config.metricsPort() >= 0) {
            readiness = new Readiness(config.host(), transport::port, store);
            readiness.start();
            metricsEndpoint = new MetricsEndpoint(config.metricsHost(), config.metricsPort(), metrics, readiness);
            metricsEndpoint.start();
            LOG.info("Prometheus metrics on http://{}:{}/metrics", config.metricsHost(), metricsEndpoint.port());
        }
        housekeeping.scheduleWithFixedDelay(this::sweep, 60, 60, TimeUnit.SECONDS);
        LOG.info("OpenSRM {} listening on {}:{} for SURL hosts {}; {} mode; backend {} at {}; doors {}",
                VERSION, config.host(), transport.port(), surlHosts, config.mode(), backend.type(),
                config.backendRoot(), config.gridftpNodes());
        config.fileAccessPrefix().ifPresent(p -> LOG.info("file:// TURLs offered under {}", p));
    }

    private void sweep() {
        try {
            janitor.sweep();
        } catch (RuntimeException e) {
            LOG.warn("upload sweep failed: {}", e.toString());
        }
    }

    public int port() {
        return transport.port();
    }

    public List<String> surlHosts() {
        return surlHosts;
    }

    public SrmMetrics metrics() {
        return metrics;
    }

    /** The SRM port's threads and connections now. */
    public TransportStats transportStats() {
        return transport.stats();
    }

    /** The metrics port, or -1 when the endpoint is off. */
    public int metricsPort() {
        return metricsEndpoint == null ? -1 : metricsEndpoint.port();
    }

    /** The credentials clients delegated on httpg, kept while their connection is open or a copy leases them. */
    public DelegatedCredentials delegatedCredentials() {
        return delegations;
    }

    public UploadJanitor janitor() {
        return janitor;
    }

    @Override
    public void close() {
        housekeeping.shutdownNow();
        if (metricsEndpoint != null) {
            metricsEndpoint.close();
        }
        if (readiness != null) {
            readiness.close();
        }
        transport.close();
        admission.close();
        admissionTimer.shutdownNow();
        copyTools.shutdownNow(); // running copies end (aborted) so that the engine's workers can stop
        modeLifecycle.close();
        selector.close();
        store.ifPresent(RequestStore::close);
        try {
            backend.close();
        } catch (IOException e) {
            LOG.warn("closing backend: {}", e.toString());
        }
    }

    Path backendRoot() {
        return config.backendRoot();
    }
}

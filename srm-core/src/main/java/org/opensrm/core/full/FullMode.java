package org.opensrm.core.full;

import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.opensrm.authz.AccountResolver;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.Scheduler;
import org.opensrm.core.SchedulerConfig;
import org.opensrm.core.service.CopyService;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.Lister;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.UploadJanitor;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.service.Uploads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request engine, both modes': requests kept in a {@link RequestStore}. Full mode: queued requests kept in a
 * persistent store, worked on by the {@link Dispatcher}'s threads, that survive a restart. Gateway mode: the same
 * services over a store that keeps nothing ({@link OutsideTokens#store}, signed tokens), every request served at
 * once in the maker's thread ({@link Dispatcher#serveNow}); what differs is only what the store can keep
 * ({@link org.opensrm.core.StoreCapabilities}): no worker threads, no reaper, no asynchronous srmLs (the
 * {@link Lister} answers every listing at once), no suspend, resume, summaries or tokens by description
 * ({@code SRM_NOT_SUPPORTED}), and no new lifetimes. The composition root makes one with {@code new}, calls {@link #start} once the store, the
 * staging area and the upload janitor are ready, hands {@link #gets}, {@link #puts} and {@link #listings} to the
 * operations with {@link #control}, and calls {@link #close} at shutdown (the store, the
 * janitor and the selector belong to the composition root, which closes them after).
 *
 * <p>Background work runs as the owner's mapped account: {@link org.opensrm.core.Owner#account()} resolved with
 * the {@link AccountResolver}.
 */
public final class FullMode implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FullMode.class);

    private final RequestStore store;
    private final FullModeConfig config;
    private final Clock clock;
    private final Dispatcher dispatcher;
    private final QueuedGetService gets;
    private final QueuedPutService puts;
    private final ListService listings;
    private final boolean keepsRequests;
    private final CopyService copies;
    private final RequestControl control;
    private final Reaper reaper;
    private final Optional<Takeover> takeover;

    /**
     * @param store     the request store (embedded or PostgreSQL), already open
     * @param backend   the storage
     * @param surls     this server's SURL parser
     * @param transfers the doors TURLs are made on
     * @param staging   where uploads are written
     * @param janitor   the journal of uploads (shared with gateway mode's code: busy targets, removal at expiry;
     *                  the composition root recovers and sweeps it as in gateway mode)
     * @param spaces    the static space tokens a put may name
     * @param lister    srmLs as gateway mode answers it, over the same janitor
     * @param accounts  resolves an owner's account name for background work
     * @param scheduler the queue's limits
     * @param config    full mode's settings
     * @param clock     the time lifetimes are counted in
     */
    public FullMode(RequestStore store, StorageBackend backend, SurlParser surls, Transfers transfers,
                    StagingArea staging, UploadJanitor janitor, SpaceTokens spaces, Lister lister,
                    AccountResolver accounts, SchedulerConfig scheduler, FullModeConfig config, Clock clock) {
        this(store, backend, surls, transfers, staging, janitor, spaces, Optional.empty(), lister, accounts, scheduler,
                config, CopySetup.NONE, clock);
    }

    /**
     * Full mode with space reservation and srmCopy; the other parameters as above.
     *
     * @param reservations the space service over the same database, or empty (static tokens only): puts naming a
     *                     reservation's token are admitted into it and counted at srmPutDone, every other end of
     *                     such a put gives its claim back ({@link SpaceClaims} over {@code store}), and the reaper
     *                     expires reservations whose lifetime ran out
     * @param copies       srmCopy's data path, SRM client, copy peers and the transport's delegated credentials;
     *                     {@link CopySetup#NONE} answers srmCopy {@code SRM_NOT_SUPPORTED}
     */
    public FullMode(RequestStore store, StorageBackend backend, SurlParser surls, Transfers transfers,
                    StagingArea staging, UploadJanitor janitor, SpaceTokens spaces,
                    Optional<SpaceService> reservations, Lister lister, AccountResolver accounts,
                    SchedulerConfig scheduler, FullModeConfig config, CopySetup copies, Clock clock) {
        store = reservations.isPresent() ? new SpaceClaims(store, reservations.get()) : store;
        this.store = store;
        this.config = config;
        this.clock = clock;
        this.dispatcher = new Dispatcher(new Scheduler(scheduler, clock), store, accounts, config, clock);
        Intake intake = new Intake(store, dispatcher, config, clock);
        Answers answers = new Answers(store, dispatcher, surls, clock);
        Uploads uploads = new Uploads(backend, janitor);
        Doors doors = new Doors(transfers);
        this.keepsRequests = store.capabilities().keepsTransitions();
        this.gets = new QueuedGetService(backend, surls, doors, intake, answers, config, clock);
        this.puts = new QueuedPutService(store, surls, doors, staging, uploads, spaces,
                accounts, intake, answers, config, clock, backend, reservations);
        QueuedListService queuedListings = new QueuedListService(lister, surls, intake, answers, config);
        this.listings = keepsRequests ? queuedListings : lister;
        if (copies.parts().isPresent()) {
            QueuedCopyService queuedCopies = new QueuedCopyService(backend, store, surls, doors, staging, uploads,
                    copies.parts().get(), intake, answers, clock, new SpaceAdmission(reservations, backend),
                    keepsRequests ? new LandingFence(store.leases(), config.takeoverDelay()) : LandingFence.NONE);
            dispatcher.register(RequestKind.COPY, queuedCopies.worker());
            this.copies = queuedCopies;
        } else {
            this.copies = CopyService.NOT_SUPPORTED;
        }
        dispatcher.register(RequestKind.GET, gets.worker());
        dispatcher.register(RequestKind.BRING_ONLINE, gets.worker());
        dispatcher.register(RequestKind.PUT, puts.worker());
        dispatcher.register(RequestKind.LS, queuedListings.worker());
        PutUploads ended = keepsRequests ? new PutUploads(backend, staging, accounts, Optional.of(janitor))
                : new PutUploads(backend, staging, accounts, uploads, Optional.empty());
        QueuedRequestControl control = new QueuedRequestControl(store, dispatcher, ended, backend, surls,
                config.maxPinLifetime(), clock);
        this.control = new RecheckingDoors(keepsRequests ? new JournalingControl(control, puts, store) : control,
                store, transfers);
        this.reaper = new Reaper(store, dispatcher, ended, ReaperConfig.builder().interval(config.reaperInterval())
                .retention(config.finishedRetention()).build(), clock, reservations);
        RequestStore held = store;
        this.takeover = keepsRequests ? store.leases().map(leases -> new Takeover(held, leases, dispatcher, puts,
                config, scheduler.maxQueuedFiles(), clock)) : Optional.empty();
    }

    /**
     * Resumes the work of the requests the store holds (after a restart, or those another frontend accepted):
     * lifetimes that ran out meanwhile are enforced first (one pass of the reaper); then every queued or
     * in-progress request's waiting files go back into the queue, files left in progress by a process that died
     * queued again; then the workers and the reaper start. Suspended requests wait for srmResumeRequest.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the store cannot be read
     */
    public void start() throws SrmException {
        if (!keepsRequests) {
            LOG.info("request engine started over a store that keeps no requests: every request served at once");
            return;
        }
        reaper.runOnce(); // what ran out while no frontend was running expires before any work resumes
        if (takeover.isPresent()) {
            // a store several frontends share: only the work no live frontend holds (this name's earlier run's
            // at once, a silent frontend's once the take-over delay has passed)
            int files = takeover.get().takeAllOrphans();
            dispatcher.start();
            reaper.start();
            takeover.get().start();
            LOG.info("full mode started with frontend lease {}: {} waiting file(s) taken over; a frontend silent for"
                    + " {} s has its work taken", store.leases().get().current(), files,
                    config.takeoverDelay().toSeconds());
            return;
        }
        List<Request> active = new ArrayList<>();
        store.forEach(EnumSet.of(RequestState.QUEUED, RequestState.IN_PROGRESS), active::add);
        int files = 0;
        for (Request r : active) {
            if (r.files().stream().anyMatch(f -> f.state() == FileState.IN_PROGRESS)) {
                r = store.update(r.token(), cur -> cur.withEachFile(
                        f -> f.state() == FileState.IN_PROGRESS ? f.moveTo(FileState.QUEUED) : f, clock.instant()));
            }
            if (r.kind() == RequestKind.PUT) {
                puts.resume(r);
            }
            try {
                dispatcher.enqueue(r);
                files += (int) r.files().stream().filter(f -> f.state().isWaiting()).count();
            } catch (SrmException full) {
                LOG.warn("request {} not resumed: {}", r.token().shortId(), full.getMessage());
            }
        }
        dispatcher.start();
        reaper.start();
        LOG.info("full mode started: {} request(s) with {} waiting file(s) resumed", active.size(), files);
    }

    public GetService gets() {
        return gets;
    }

    /** srmPrepareToPut and friends; also {@link QueuedPutService#discardUploads} for request control. */
    public QueuedPutService puts() {
        return puts;
    }

    /** srmCopy and srmStatusOfCopyRequest; not supported without a {@link CopySetup}. */
    public CopyService copies() {
        return copies;
    }

    public ListService listings() {
        return listings;
    }

    /** srmAbortRequest, srmAbortFiles, srmReleaseFiles, srmExtendFileLifeTime, suspend, resume, summaries, tokens. */
    public RequestControl control() {
        return control;
    }

    /** The lifetimes' enforcer, started by {@link #start}; {@link Reaper#runOnce} for tests. */
    public Reaper reaper() {
        return reaper;
    }

    /** Where request control queues resumed requests and cancels suspended or aborted ones. */
    public WorkQueue workQueue() {
        return dispatcher;
    }

    public RequestStore store() {
        return store;
    }

    public FullModeConfig config() {
        return config;
    }

    /** Files queued and in progress, for metrics. */
    public Scheduler scheduler() {
        return dispatcher.scheduler();
    }

    /** Files whose outcome this frontend's workers stored (not those served at once), for metrics. */
    public long filesWorked() {
        return dispatcher.filesWorked();
    }

    /** Files dropped because another frontend took their request over (fencing), for metrics. */
    public long filesFenced() {
        return dispatcher.filesFenced();
    }

    /** Requests taken over from silent frontends (or this frontend's earlier run), for metrics; 0 alone. */
    public long requestsTakenOver() {
        return takeover.map(Takeover::takenRequests).orElse(0L);
    }

    /** Waiting files of the requests taken over, for metrics; 0 alone. */
    public long filesTakenOver() {
        return takeover.map(Takeover::takenFiles).orElse(0L);
    }

    /**
     * Waiting files queued again because the database restarted and may have undone their outcomes (kept
     * {@link org.opensrm.core.Durability#REDOABLE}), for metrics; 0 alone.
     */
    public long filesRedoneAfterRestart() {
        return takeover.map(Takeover::redoneFiles).orElse(0L);
    }

    /** Stops the workers; queued work stays in the store for the next start. */
    @Override
    public void close() {
        if (!keepsRequests) {
            return;
        }
        takeover.ifPresent(Takeover::close);
        reaper.close();
        dispatcher.close();
        takeover.ifPresent(Takeover::resign);
    }
}

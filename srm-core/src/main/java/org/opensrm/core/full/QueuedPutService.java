package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.authz.AccountResolver;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.backend.StorageBackend;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.UploadNames;
import org.opensrm.core.service.Uploads;
import org.opensrm.core.service.UploadsInProgress;
import org.opensrm.core.space.SpaceClaim;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.space.SpaceToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * srmPrepareToPut, srmStatusOfPutRequest and srmPutDone in full mode. srmPrepareToPut checks every target as
 * gateway mode does ({@link Uploads#checkTarget}: WRITE policy, parent directory, overwrite rules, another open
 * put to it), keeps the request, journals each accepted file's upload with the {@link org.opensrm.core.service.UploadJanitor}
 * (so the target is busy for other puts, and an upload never finished is removed when its put expires) and
 * queues it. The engine then gives each file {@code SRM_SPACE_AVAILABLE} with a TURL naming its upload,
 * {@link UploadPaths#of} in the owner's staging directory, valid for the granted TURL lifetime. srmPutDone lands
 * the upload on its target exactly as gateway mode does ({@link Uploads#land}) and the file is
 * {@code SRM_SUCCESS}.
 *
 * <p>A put of a target the same account has an open put to, with overwrite, supersedes that put
 * ({@link Uploads#checkTarget}): its upload is aborted and its file {@code SRM_ABORTED}. A put's TURL never outlives
 * its request ({@link Dispatcher#withinRequest}); a put that asks for no total request time is given at least its
 * TURL lifetime.
 *
 * <p>Which open put writes to which upload is also kept in memory, to abort it in the store when srmRm names its
 * target ({@link #abortOpenPut}) or a new put supersedes it. After a restart only the puts still queued are known there; srmRm of a target
 * whose put was served before the restart still aborts the upload on disk (its tombstone), and srmPutDone then
 * answers {@code SRM_ABORTED} and records the abort in the store.
 *
 * <p>With space reservation on (a {@link SpaceService}), a put naming a {@code targetSpaceToken} is admitted into
 * that reservation: the token must be one the caller may write into (else the whole request is refused with the
 * service's status), and each file takes its expectedFileSize from the reservation's free space at once (a file
 * that does not fit is refused {@code SRM_EXCEED_ALLOCATION}, the others go on). srmPutDone lands the upload and
 * counts its real size; when that does not fit, the landed file is removed and the file fails
 * {@code SRM_EXCEED_ALLOCATION}. A file that ends otherwise gives its claim back ({@link SpaceClaims}).
 */
public final class QueuedPutService implements PutService {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedPutService.class);
    static final String OVERWRITE = "overwrite";
    static final String SPACE_TOKEN = "spaceToken";
    /** Why srmPutDone's file did not fit its reservation (the landed file is removed, the file fails). */
    private static final java.util.Set<SrmStatus> SPACE_REFUSALS = java.util.EnumSet.of(
            SrmStatus.SRM_EXCEED_ALLOCATION, SrmStatus.SRM_SPACE_LIFETIME_EXPIRED, SrmStatus.SRM_NO_FREE_SPACE,
            SrmStatus.SRM_INVALID_REQUEST);
    /** How much longer than its TURL an upload is journaled (the TURL's expiry is fixed a moment later). */
    private static final Duration JOURNAL_MARGIN = Duration.ofMinutes(1);
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);

    /** A file of a put request, its target, and when its put is over at the latest (forgotten then). */
    private record FileRef(RequestToken token, int index, Account account, SrmPath target, Instant until) {
    }

    private final RequestStore store;
    private final SurlParser surls;
    private final Doors doors;
    private final StagingArea staging;
    private final Uploads uploads;
    private final SpaceTokens spaces;
    private final AccountResolver accounts;
    private final Intake intake;
    private final Answers answers;
    private final FullModeConfig config;
    private final Clock clock;
    private final SpaceAdmission admission;
    /** Whether the store keeps requests; if not, it cannot name uploads by token and the request names them. */
    private final boolean keepsRequests;
    private final UploadNames uploadNames = new UploadNames();
    /** The open puts this frontend knows of, by upload, and their uploads by target. */
    private final Map<SrmPath, FileRef> openPuts = new ConcurrentHashMap<>();
    private final Map<SrmPath, SrmPath> uploadsByTarget = new ConcurrentHashMap<>();
    private volatile Instant nextPrune = Instant.MIN;

    QueuedPutService(RequestStore store, SurlParser surls, Doors doors, StagingArea staging,
                     Uploads uploads, SpaceTokens spaces, AccountResolver accounts, Intake intake, Answers answers,
                     FullModeConfig config, Clock clock, StorageBackend backend, Optional<SpaceService> space) {
        this.store = store;
        this.surls = surls;
        this.doors = doors;
        this.staging = staging;
        this.uploads = uploads;
        this.spaces = spaces;
        this.accounts = accounts;
        this.intake = intake;
        this.answers = answers;
        this.config = config;
        this.clock = clock;
        this.admission = new SpaceAdmission(space, backend);
        this.keepsRequests = store.capabilities().keepsTransitions();
    }

    @Override
    public TransferResult prepare(Caller caller, PutRequest request) throws SrmException {
        intake.requireFileCount(request.files().size(), "arrayOfFileRequests");
        doors.requireOffered(request.protocols());
        Optional<SpaceToken> reservation = admission.reservationOf(caller, request.spaceToken());
        Optional<StaticSpaceToken> space = reservation.isPresent() ? staticOf(reservation.get())
                : spaces.resolve(request.spaceToken());
        List<SpaceClaim> claims = new ArrayList<>();
        Duration turlLife = Intake.capped(request.pinLifetime(), config.turlLifetime(), config.turlLifetime());
        Duration requestLife = putLifetime(request.options().totalRequestTime(), turlLife);
        if (!keepsRequests && turlLife.compareTo(requestLife) > 0) {
            turlLife = requestLife; // a signed token has one end: its TURLs end with it
        }
        List<NewFile> files = new ArrayList<>(request.files().size());
        Map<Integer, SrmException> refused = new HashMap<>();
        Map<Integer, SrmPath> targets = new HashMap<>();
        for (PutFile f : request.files()) {
            int index = files.size();
            String surl = f.surl() == null ? "" : f.surl();
            Surl read = Surl.unread(surl);
            try {
                read = surls.read(surl, caller, Access.CREATE);
                SrmPath path = read.path().orElseThrow();
                if (f.expectedSize() < 0) {
                    throw SrmException.invalidRequest("expectedFileSize must not be negative");
                }
                spaces.requireInside(space, path);
                forgetEnded(path);
                uploads.checkTarget(caller, path, request.overwrite(), this::supersede);
                if (targets.containsValue(path)) {
                    throw new SrmException(SrmStatus.SRM_FILE_BUSY, path + " is named twice in this request");
                }
                if (reservation.isPresent()) {
                    claims.add(admission.admit(reservation.get(), caller.owner(), f.expectedSize()));
                }
                targets.put(index, path);
            } catch (SrmException e) {
                refused.put(index, e);
            }
            OptionalLong size = f.expectedSize() > 0 && !refused.containsKey(index) ? OptionalLong.of(f.expectedSize())
                    : OptionalLong.empty(); // a refused file holds no claim (SpaceClaims)
            files.add(new NewFile(read, Optional.empty(), size, turlLife, Duration.ZERO));
        }
        Map<String, String> parameters = new HashMap<>();
        parameters.put(OVERWRITE, Boolean.toString(request.overwrite()));
        Doors.keepProtocols(parameters, request.protocols());
        reservation.ifPresent(t -> parameters.put(SPACE_TOKEN, t.value()));
        if (!keepsRequests) {
            targets.keySet().forEach(i -> parameters.put(UploadPaths.PARAMETER + i, uploadNames.next()));
        }
        NewRequest r = new NewRequest(RequestKind.PUT, caller.owner(), request.options().description(),
                parameters, requestLife, files);
        Request stored;
        boolean[] kept = new boolean[1];
        try {
            SrmPath dir = targets.isEmpty() ? null : staging.directoryOf(caller.account());
            stored = intake.submit(r, refused, made -> {
                kept[0] = true; // from here on, the files' ends give their claims back (SpaceClaims)
                journal(caller.account(), dir, made, targets);
            });
        } catch (SrmException | RuntimeException e) {
            if (!kept[0]) {
                admission.giveBack(claims);
            }
            if (!keepsRequests) {
                forgetUnsigned(caller.account(), parameters);
            }
            throw e;
        }
        return answers.of(stored, List.of());
    }

    /**
     * A stateless store serves a put's files as it signs its token, journaling each upload as it goes: when that
     * fails part-way (the journal's disk full), no token is answered and no TURL reaches the client, so the uploads
     * journaled before the failure are forgotten again and their targets are not busy.
     */
    private void forgetUnsigned(Account account, Map<String, String> parameters) {
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            if (!p.getKey().startsWith(UploadPaths.PARAMETER)) {
                continue;
            }
            try {
                uploads.janitor().finished(staging.directoryOf(account).child(p.getValue()));
            } catch (SrmException | RuntimeException e) {
                LOG.warn("the upload journal cannot forget the upload {} of a put that was not made, its target "
                        + "stays busy until it expires: {}", p.getValue(), e.getMessage());
            }
        }
    }

    /**
     * A put's total request time: as asked (capped as any request's); when none is asked, at least its TURL
     * lifetime, since a TURL never outlives its request ({@link Dispatcher#withinRequest}): a client that asks
     * for nothing keeps the TURL lifetime the configuration gives.
     */
    private Duration putLifetime(Optional<Duration> asked, Duration turlLife) {
        Duration granted = intake.requestLifetime(asked);
        boolean none = asked.isEmpty() || asked.get().isZero() || asked.get().isNegative();
        if (!none || granted.compareTo(turlLife) >= 0) {
            return granted;
        }
        return turlLife.compareTo(config.maxRequestLifetime()) > 0 ? config.maxRequestLifetime() : turlLife;
    }

    /** The static token of that name, whose area a put into it must land in. */
    private Optional<StaticSpaceToken> staticOf(SpaceToken token) {
        try {
            return Optional.of(spaces.find(token.value()));
        } catch (SrmException notStatic) {
            return Optional.empty();
        }
    }

    /**
     * Journals the uploads of the accepted files until the request expires: their targets are busy from now. When
     * the journal fails part-way (its disk full, the shared store unreachable), the request is not queued but ended
     * ({@link Intake}), so the uploads journaled before the failure are forgotten again: no target stays busy for
     * a put that will never write to it.
     */
    private void journal(Account account, SrmPath dir, Request r, Map<Integer, SrmPath> targets)
            throws SrmException {
        pruneOpenPuts();
        List<SrmPath> journaled = new ArrayList<>();
        try {
            for (Map.Entry<Integer, SrmPath> t : targets.entrySet()) {
                SrmPath upload = UploadPaths.of(dir, r, t.getKey());
                uploads.janitor().track(account, t.getValue(), upload, r.expiresAt(),
                        r.file(t.getKey()).size().orElse(0));
                journaled.add(upload);
                open(upload, new FileRef(r.token(), t.getKey(), account, t.getValue(), lastOpen(r)));
            }
        } catch (SrmException | RuntimeException e) {
            unjournal(r.token(), journaled);
            throw e;
        }
    }

    /** Forgets the uploads of a put that is not going to be queued (nothing was handed out for them). */
    private void unjournal(RequestToken token, List<SrmPath> journaled) {
        for (SrmPath upload : journaled) {
            close(upload);
            try {
                uploads.janitor().finished(upload);
            } catch (RuntimeException e) {
                LOG.warn("put {}: the upload journal cannot forget {} now, its target stays busy until the put "
                        + "expires: {}", token.shortId(), upload, e.getMessage());
            }
        }
        if (!journaled.isEmpty()) {
            LOG.info("put {}: not queued, {} upload(s) journaled before the failure forgotten", token.shortId(),
                    journaled.size());
        }
    }

    /** The latest moment a put of {@code r} can still be open: a file served as the request expires. */
    private Instant lastOpen(Request r) {
        return r.expiresAt().plus(config.turlLifetime()).plus(JOURNAL_MARGIN);
    }

    /** Forgets, once a minute, the open puts that are over by now (expired, or ended on another frontend). */
    private void pruneOpenPuts() {
        Instant now = clock.instant();
        if (now.isBefore(nextPrune)) {
            return;
        }
        nextPrune = now.plus(PRUNE_EVERY);
        openPuts.forEach((upload, ref) -> {
            if (ref.until().isBefore(now)) {
                close(upload);
            }
        });
    }

    /** Remembers the open uploads of a put found in the store at start, for {@link #abortOpenPut}. */
    void resume(Request r) {
        for (FileRequest f : r.files()) {
            if (f.state().isWaiting() || f.state() == FileState.SPACE_AVAILABLE) {
                try {
                    Account account = accounts.resolve(r.owner().account());
                    open(uploadOf(account, r, f.index()),
                            new FileRef(r.token(), f.index(), account, surls.pathOf(f.surl()), lastOpen(r)));
                } catch (SrmException e) {
                    LOG.warn("put {}: cannot find the upload of file {}: {}", r.token().shortId(), f.index(),
                            e.getMessage());
                    return;
                }
            }
        }
    }

    private void open(SrmPath upload, FileRef ref) {
        openPuts.put(upload, ref);
        uploadsByTarget.put(ref.target(), upload);
    }

    private Optional<FileRef> close(SrmPath upload) {
        FileRef ref = openPuts.remove(upload);
        if (ref != null) {
            uploadsByTarget.remove(ref.target(), upload);
        }
        return Optional.ofNullable(ref);
    }

    /**
     * Frees {@code target} in the upload journal when the put this frontend knew writing to it has ended in the
     * store meanwhile (aborted by request control, expired by the reaper, which remove the upload but do not
     * know the journal), so that a new put to it is not refused {@code SRM_FILE_BUSY}.
     */
    private void forgetEnded(SrmPath target) throws SrmException {
        SrmPath upload = uploadsByTarget.get(target);
        FileRef ref = upload == null ? null : openPuts.get(upload);
        if (ref == null) {
            return;
        }
        boolean open;
        try {
            Request r = store.load(ref.token());
            FileState s = r.file(ref.index()).state();
            open = s == FileState.SPACE_AVAILABLE || (s.isWaiting() && r.state().isActive());
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_INVALID_REQUEST) {
                throw e;
            }
            open = false; // purged
        }
        if (!open) {
            close(upload);
            forget(ref.account(), upload);
        }
    }

    /**
     * The put of {@code upload} ended without landing: its target is no longer busy, and whatever a late transfer
     * still writes at the upload's path is removed when the put would have expired.
     */
    private void forget(Account account, SrmPath upload) {
        Optional<Instant> until = uploads.janitor().expiryOf(upload);
        if (until.isPresent()) {
            uploads.janitor().aborted(account, upload, until.get());
        }
    }

    /**
     * Brings the upload journal in step with a put after request control changed it: an upload whose TURL was
     * extended is kept until its new expiry, an ended file's target is free at once. (Its upload itself is
     * removed by request control.)
     */
    void journalChanged(Request put) throws SrmException {
        if (put.kind() != RequestKind.PUT) {
            return;
        }
        Account account = accounts.resolve(put.owner().account());
        for (FileRequest f : put.files()) {
            SrmPath upload = uploadOf(account, put, f.index());
            if (f.state() == FileState.SPACE_AVAILABLE && f.pinExpiresAt().isPresent()) {
                uploads.janitor().track(account, surls.pathOf(f.surl()), upload,
                        f.pinExpiresAt().get().plus(JOURNAL_MARGIN), f.size().orElse(0));
            } else if (!f.state().isWaiting() && f.state() != FileState.SUCCESS) {
                close(upload);
                forget(account, upload);
            }
        }
    }

    @Override
    public TransferResult status(Caller caller, String token, List<String> subset) throws SrmException {
        return answers.of(answers.owned(caller, token, RequestKind.PUT), subset);
    }

    @Override
    public List<FileOutcome> putDone(Caller caller, String token, List<String> subset) throws SrmException {
        Request r = answers.owned(caller, token, RequestKind.PUT);
        List<FileOutcome> out = new ArrayList<>();
        if (subset == null || subset.isEmpty()) {
            for (FileRequest f : r.files()) {
                out.add(finish(caller, r, f, f.surl().text()));
            }
            return out;
        }
        Answers.Finder files = answers.finder(r);
        for (String surl : subset) {
            Optional<FileRequest> f = files.find(surl);
            out.add(f.isPresent() ? finish(caller, r, f.get(), surl)
                    : new FileOutcome(surl, SrmStatus.SRM_INVALID_PATH, surl + " is not part of this request"));
        }
        return out;
    }

    /** srmPutDone of one file. */
    private FileOutcome finish(Caller caller, Request r, FileRequest f, String surl) {
        switch (f.state()) {
            case SUCCESS:
                return FileOutcome.ok(surl); // a retried srmPutDone
            case QUEUED:
            case IN_PROGRESS:
                return new FileOutcome(surl, SrmStatus.SRM_FAILURE,
                        "no TURL was given for this file yet: nothing can have been transferred");
            case SPACE_AVAILABLE:
                break;
            default:
                return new FileOutcome(surl, f.status(), f.explanation().isEmpty() ? null : f.explanation());
        }
        try {
            SrmPath upload = uploadOf(caller.account(), r, f.index());
            SrmPath target = surls.pathOf(f.surl());
            uploads.land(caller.account(), upload, target, f.size().orElse(0),
                    Boolean.parseBoolean(r.parameters().get(OVERWRITE)), r.createdAt(),
                    f.pinExpiresAt().orElse(r.expiresAt()), surl);
            close(upload);
            Optional<SpaceClaim> claim = SpaceClaims.claimOf(r, f);
            if (claim.isPresent()) {
                admission.count(caller.account(), claim.get(), target);
            }
            settle(r.token(), f.index(), x -> x.moveTo(FileState.SUCCESS));
            return FileOutcome.ok(surl);
        } catch (SrmException e) {
            try {
                if (e.status() == SrmStatus.SRM_ABORTED) {
                    settle(r.token(), f.index(), x -> x.moveTo(FileState.ABORTED));
                } else if (e.status() == SrmStatus.SRM_FAILURE || SPACE_REFUSALS.contains(e.status())) {
                    settle(r.token(), f.index(), x -> x.fail(e.status(), e.getMessage()));
                }
            } catch (SrmException notStored) {
                return FileOutcome.failed(surl, notStored);
            }
            return FileOutcome.failed(surl, e);
        }
    }

    /** Moves a file that is still open (waiting or with space available). */
    private void settle(RequestToken token, int index, java.util.function.UnaryOperator<FileRequest> change)
            throws SrmException {
        store.update(token, cur -> {
            FileState s = cur.file(index).state();
            return s.isWaiting() || s == FileState.SPACE_AVAILABLE ? cur.withFile(index, change, clock.instant())
                    : cur;
        });
    }

    @Override
    public boolean abortOpenPut(Caller caller, SrmPath target) throws SrmException {
        Optional<SrmPath> upload = uploads.janitor().uploadOf(target, caller.account());
        Optional<Instant> expires = upload.flatMap(uploads.janitor()::expiryOf);
        if (expires.isEmpty()) {
            return false;
        }
        end(caller.account(), upload.get(), expires.get(), "aborted by srmRm of its target");
        LOG.info("open put to {} aborted by srmRm of its target", target);
        return true;
    }

    @Override
    public void endStalled(UploadsInProgress.Stalled stalled, String why) throws SrmException {
        end(stalled.account(), stalled.upload(), stalled.expires(), why);
        LOG.info("stalled put to {} ended: {}", stalled.target(), why);
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** The caller's own open put superseded by a new put of its target with overwrite ({@link Uploads#checkTarget}). */
    private void supersede(Account account, SrmPath upload, Instant expires) throws SrmException {
        end(account, upload, expires, "superseded by a new put of the same SURL with overwrite");
    }

    /**
     * Ends an open put: its upload aborted (a tombstone) and, where this frontend knows its request, its file
     * {@code SRM_ABORTED} in the store (else srmPutDone finds the tombstone and records the abort then).
     */
    private void end(Account account, SrmPath upload, Instant expires, String why) throws SrmException {
        uploads.abort(account, upload, expires, why);
        Optional<FileRef> ref = close(upload);
        if (ref.isPresent()) {
            int index = ref.get().index();
            store.update(ref.get().token(), cur -> {
                FileState s = cur.file(index).state();
                if (!s.isWaiting() && s != FileState.SPACE_AVAILABLE) {
                    return cur;
                }
                boolean last = cur.files().stream().allMatch(f -> f.index() == index
                        || f.state() == FileState.ABORTED);
                return last && cur.state().canMoveTo(RequestState.ABORTED)
                        ? cur.abort(why, clock.instant()).withFile(index, x -> x.withExplanation(why), clock.instant())
                        : cur.withFile(index, x -> x.moveTo(FileState.ABORTED).withExplanation(why), clock.instant());
            });
        }
    }

    private SrmPath uploadOf(Account account, Request r, int index) throws SrmException {
        return UploadPaths.of(staging.directoryOf(account), r, index);
    }

    /**
     * The engine's work for a file of a put: a TURL naming its upload, from a healthy door. The upload is
     * journaled again, until a minute after its TURL will expire, before the file is stored with space available,
     * so that no status call can see the TURL before the journal knows it.
     */
    FileWorker worker() {
        return (Request r, FileRequest f, Account account) -> {
            SrmPath upload = uploadOf(account, r, f.index());
            String door = doors.choose(r);
            Instant turlEnd = keepsRequests ? earliest(clock.instant().plus(f.pinLifetime()), r.expiresAt())
                    : earliest(r.createdAt().plus(f.pinLifetime()), r.expiresAt()); // exactly as the token says
            Instant turlExpiry = keepsRequests ? turlEnd.plus(JOURNAL_MARGIN) : turlEnd;
            uploads.janitor().track(account, surls.pathOf(f.surl()), upload, turlExpiry, f.size().orElse(0));
            return new FileWorker.Served(Optional.of(doors.turl(door, upload,
                    Doors.grant(r, account, Access.CREATE, turlEnd))), f.size());
        };
    }
}

package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Durability;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.core.service.RequestTokenInfo;
import org.opensrm.core.service.SurlParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full mode's calls on a request by its token (SRM v2.2, OGF GFD.129 &sect;5.9 srmReleaseFiles, &sect;5.11
 * srmAbortRequest, &sect;5.12 srmAbortFiles, &sect;5.13 srmSuspendRequest, &sect;5.14 srmResumeRequest, &sect;5.15
 * srmGetRequestSummary, &sect;5.16 srmExtendFileLifeTime, &sect;5.17 srmGetRequestTokens), over the
 * {@link RequestStore}: every change is one atomic {@link RequestStore#update}, so any frontend sharing the store
 * may answer any call. Every token is checked first: unknown or malformed {@code SRM_INVALID_REQUEST}, another
 * user's {@code SRM_AUTHORIZATION_FAILURE} revealing nothing ({@link RequestStore#loadOwned}).
 *
 * <p>Decisions where the specification leaves a choice, each tested:
 * <ul>
 *   <li>Abort is allowed on every request (&sect;5.11): whatever still waits or holds a pin, TURL or upload is
 *       aborted (a bring-online's pin is released); a finished request is answered {@code SRM_SUCCESS} for files
 *       that hold nothing any more. A put's file after srmPutDone cannot be aborted: {@code SRM_FAILURE} for it
 *       (&sect;5.11: such files are removed with srmRm). A SURL that is not part of the request:
 *       {@code SRM_INVALID_PATH} for that file.</li>
 *   <li>Release without a token releases the caller's own pins on those SURLs, in any of the caller's requests; a
 *       file the caller holds no pin on is {@code SRM_SUCCESS} if it exists (nothing of theirs is left pinned),
 *       as gateway mode answers; a missing one {@code SRM_INVALID_PATH}.</li>
 *   <li>Extend with a token grants the pin (or TURL) lifetime asked, from now, capped by the configured maximum;
 *       a get's pin not by the request's total request time (which srmExtendFileLifeTime has no parameter to
 *       change), a put's TURL by it (the put times out with its upload then). A file that holds nothing any more:
 *       {@code SRM_RELEASED} (0 s left) for a released pin, {@code SRM_INVALID_REQUEST} for a finished put.
 *       Without a token: files are permanent (-1).</li>
 *   <li>Suspend and resume: suspending a suspended request, or resuming one that runs, changes nothing and is
 *       {@code SRM_SUCCESS}; a finished request cannot be suspended or resumed: {@code SRM_FAILURE}.</li>
 *   <li>srmGetRequestTokens with nothing to list: {@code SRM_INVALID_REQUEST} (no such request).</li>
 *   <li>A release is kept {@link Durability#REDOABLE}: a crash of the database in the moment after it may undo it,
 *       which leaves the file pinned until its pin lifetime runs out (a pin holds nothing on disk), and a release
 *       asked again succeeds. Every other change here is durable before it is answered.</li>
 * </ul>
 */
public final class QueuedRequestControl implements RequestControl {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedRequestControl.class);

    private final RequestStore store;
    private final WorkQueue queue;
    private final PutUploads uploads;
    private final StorageBackend backend;
    private final SurlParser surls;
    private final Duration maxPinLifetime;
    private final Clock clock;

    /**
     * @param maxPinLifetime the longest pin or TURL lifetime srmExtendFileLifeTime grants; also what it grants when
     *                       the client asks for none
     */
    public QueuedRequestControl(RequestStore store, WorkQueue queue, PutUploads uploads, StorageBackend backend,
                                SurlParser surls, Duration maxPinLifetime, Clock clock) {
        if (maxPinLifetime.isNegative() || maxPinLifetime.isZero()) {
            throw new IllegalArgumentException("maxPinLifetime must be positive");
        }
        this.store = store;
        this.queue = queue;
        this.uploads = uploads;
        this.backend = backend;
        this.surls = surls;
        this.maxPinLifetime = maxPinLifetime;
        this.clock = clock;
    }

    /**
     * The request's token as a value.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a missing or malformed token
     */
    static RequestToken tokenOf(String token) throws SrmException {
        if (token == null || token.isBlank()) {
            throw SrmException.invalidRequest("no request token given");
        }
        try {
            return new RequestToken(token.strip());
        } catch (IllegalArgumentException e) {
            throw SrmException.invalidRequest("malformed request token");
        }
    }

    // ---- srmAbortRequest, srmAbortFiles ----

    @Override
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        Target target = target(caller, token, subset);
        Set<Integer> indexes = target.indexes;
        boolean whole = indexes.size() == target.request.files().size();
        Instant now = clock.instant();
        Request after = store.update(target.token, r -> whole ? abortAll(r, now)
                : withFiles(r, indexes, QueuedRequestControl::abortFile, now));
        if (!after.state().isActive()) {
            queue.cancel(target.token);
        }
        uploads.removeUnfinished(after, caller.account());
        LOG.info("{} aborted: {} of {} files named", after.kind(), indexes.size(), after.files().size());
        List<FileOutcome> out = new ArrayList<>(target.named.size());
        for (Named n : target.named) {
            out.add(n.file == null ? notInRequest(n.surl) : abortOutcome(after, after.file(n.file.index()), n.surl));
        }
        return out;
    }

    /** Aborts the request as a whole (it may be finished already: then only what still holds something). */
    private static Request abortAll(Request r, Instant now) {
        boolean holdsSomething = r.state().isActive() || r.files().stream().anyMatch(f -> abortFile(f) != f);
        if (!holdsSomething) {
            return r; // finished, and nothing left to abort: it keeps the outcome it had
        }
        Request next = r.state().canMoveTo(RequestState.ABORTED) ? r.abort("aborted by the client", now) : r;
        return next.withEachFile(QueuedRequestControl::abortFile, now);
    }

    /** Aborts what a file still waits for or holds; a bring-online's pin (held in SUCCESS) is released. */
    private static FileRequest abortFile(FileRequest f) {
        if (f.state().canMoveTo(FileState.ABORTED)) {
            return f.moveTo(FileState.ABORTED);
        }
        return holdsPin(f) ? f.moveTo(FileState.RELEASED) : f;
    }

    private static FileOutcome abortOutcome(Request r, FileRequest f, String surl) {
        if (r.kind() == RequestKind.PUT && f.state() == FileState.SUCCESS) {
            return new FileOutcome(surl, SrmStatus.SRM_FAILURE,
                    "srmPutDone was already called for this file; remove it with srmRm");
        }
        return FileOutcome.ok(surl);
    }

    // ---- srmReleaseFiles ----

    @Override
    public List<FileOutcome> release(Caller caller, String token, List<String> surlList) throws SrmException {
        if (token == null || token.isBlank()) {
            return releaseBySurls(caller, surlList);
        }
        Target target = target(caller, token, surlList, true);
        if (!pins(target.request.kind())) {
            throw SrmException.invalidRequest("srmReleaseFiles applies to srmPrepareToGet and srmBringOnline"
                    + " requests, not to " + target.request.kind());
        }
        Instant now = clock.instant();
        // a release lost by a crash of the database leaves a pin that runs out by itself
        Request after = store.update(target.token,
                r -> withFiles(r, target.indexes, QueuedRequestControl::releaseFile, now), Durability.REDOABLE);
        LOG.debug("{} of {} files released", target.indexes.size(), after.files().size());
        List<FileOutcome> out = new ArrayList<>(target.named.size());
        for (Named n : target.named) {
            out.add(n.file == null ? notInRequest(n.surl) : releaseOutcome(after.file(n.file.index()), n.surl));
        }
        return out;
    }

    private static FileRequest releaseFile(FileRequest f) {
        return holdsPin(f) ? f.moveTo(FileState.RELEASED) : f;
    }

    /** A get's pinned file, or a bring-online's file pinned in SUCCESS. */
    private static boolean holdsPin(FileRequest f) {
        return f.state() == FileState.FILE_PINNED
                || (f.state() == FileState.SUCCESS && f.pinExpiresAt().isPresent());
    }

    private static FileOutcome releaseOutcome(FileRequest f, String surl) {
        return switch (f.state()) {
            case RELEASED -> FileOutcome.ok(surl);
            case QUEUED, IN_PROGRESS -> new FileOutcome(surl, SrmStatus.SRM_FAILURE,
                    "the file is not pinned yet; abort it with srmAbortFiles");
            case FAILED -> new FileOutcome(surl, SrmStatus.SRM_FAILURE, "the file request failed: " + f.status());
            default -> new FileOutcome(surl, f.status(), "the file holds no pin");
        };
    }

    /** Releases the caller's pins on these SURLs, in every request of theirs. */
    private List<FileOutcome> releaseBySurls(Caller caller, List<String> surlList) throws SrmException {
        requireSurls(surlList);
        Owner owner = caller.owner();
        List<SrmPath> paths = new ArrayList<>(surlList.size());
        List<FileOutcome> out = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            try {
                paths.add(surls.parse(surl, caller, Access.READ));
                out.add(null);
            } catch (SrmException e) {
                paths.add(null);
                out.add(FileOutcome.failed(surl, e));
            }
        }
        Set<SrmPath> wanted = new HashSet<>(paths);
        wanted.remove(null);
        Set<SrmPath> released = new HashSet<>();
        Instant now = clock.instant();
        List<RequestToken> mine = store.capabilities().searchable() ? store.findByOwner(owner, Optional.empty())
                : List.of(); // a store that keeps no requests holds no pins to release
        for (RequestToken t : mine) {
            Request r = loadIfPresent(t);
            if (r == null || !pins(r.kind()) || pinnedIndexes(r, wanted).isEmpty()) {
                continue;
            }
            Request after = store.update(t, current -> withFiles(current, pinnedIndexes(current, wanted),
                    QueuedRequestControl::releaseFile, now), Durability.REDOABLE);
            for (int i = 0; i < r.files().size(); i++) {
                if (holdsPin(r.file(i)) && after.file(i).state() == FileState.RELEASED) {
                    released.add(pathOf(r.file(i)));
                }
            }
        }
        for (int i = 0; i < surlList.size(); i++) {
            SrmPath p = paths.get(i);
            if (p == null) {
                continue;
            }
            if (released.contains(p)) {
                out.set(i, FileOutcome.ok(surlList.get(i)));
                continue;
            }
            try {
                backend.stat(caller.account(), p);
                out.set(i, FileOutcome.ok(surlList.get(i)));
            } catch (SrmException e) {
                out.set(i, FileOutcome.failed(surlList.get(i), e));
            }
        }
        if (!released.isEmpty()) {
            LOG.info("{} of {} SURLs released without a request token", released.size(), surlList.size());
        }
        return out;
    }

    private List<Integer> pinnedIndexes(Request r, Set<SrmPath> wanted) {
        List<Integer> out = new ArrayList<>();
        for (FileRequest f : r.files()) {
            if (holdsPin(f) && wanted.contains(pathOf(f))) {
                out.add(f.index());
            }
        }
        return out;
    }

    // ---- srmExtendFileLifeTime ----

    @Override
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surlList, Integer newPinSeconds)
            throws SrmException {
        requireSurls(surlList);
        if (token == null || token.isBlank()) {
            return fileLifetimes(caller, surlList);
        }
        Target target = target(caller, token, surlList);
        Duration granted = newPinSeconds == null || newPinSeconds <= 0 ? maxPinLifetime
                : min(Duration.ofSeconds(newPinSeconds), maxPinLifetime);
        Instant now = clock.instant();
        Request after;
        try {
            after = store.update(target.token, r -> withFiles(r, target.indexes,
                    f -> canExtend(f) ? f.withPinLifetime(withinRequest(r, granted, now), now) : f, now));
        } catch (SrmException e) {
            if (e.status() != SrmStatus.SRM_NOT_SUPPORTED) {
                throw e;
            }
            return notExtended(target, e.getMessage());
        }
        LOG.info("pin lifetime of {} files set to {}s", target.indexes.size(), granted.toSeconds());
        List<ExtendedLifetime> out = new ArrayList<>(target.named.size());
        for (Named n : target.named) {
            if (n.file == null) {
                FileOutcome o = notInRequest(n.surl);
                out.add(new ExtendedLifetime(n.surl, o.status(), o.explanation(), null, null));
                continue;
            }
            FileRequest f = after.file(n.file.index());
            if (canExtend(f)) {
                Duration left = f.pinExpiresAt().map(e -> Duration.between(now, e)).orElse(f.pinLifetime());
                out.add(new ExtendedLifetime(n.surl, SrmStatus.SRM_SUCCESS, null, null, (int) left.toSeconds()));
            } else {
                out.add(ended(n.surl, after, f));
            }
        }
        return out;
    }

    /**
     * The answer when the store cannot keep a new lifetime (a signed token fixes it): never success for what was
     * not done; each file says so, {@code SRM_FAILURE} with the store's reason, and a file that holds nothing any
     * more says what it is.
     */
    private List<ExtendedLifetime> notExtended(Target target, String why) {
        List<ExtendedLifetime> out = new ArrayList<>(target.named.size());
        for (Named n : target.named) {
            if (n.file == null) {
                FileOutcome o = notInRequest(n.surl);
                out.add(new ExtendedLifetime(n.surl, o.status(), o.explanation(), null, null));
            } else if (canExtend(n.file)) {
                out.add(new ExtendedLifetime(n.surl, SrmStatus.SRM_FAILURE, "not extended: " + why, null, null));
            } else {
                out.add(ended(n.surl, target.request, n.file));
            }
        }
        LOG.info("lifetime of {} files not extended: {}", target.indexes.size(), why);
        return out;
    }

    /**
     * A put's TURL lifetime never outlives its request (it times out with its upload then): {@code granted}, cut
     * to what is left of the request's total request time. Pins are not cut.
     */
    private static Duration withinRequest(Request r, Duration granted, Instant now) {
        if (r.kind() != RequestKind.PUT) {
            return granted;
        }
        Duration left = Duration.between(now, r.expiresAt());
        return left.isNegative() ? Duration.ZERO : min(granted, left);
    }

    /**
     * srmExtendFileLifeTime of a file that holds nothing to extend any more (GFD.129 §5.16): a released pin
     * {@code SRM_RELEASED}, an expired one {@code SRM_FILE_LIFETIME_EXPIRED}, both with no time left; a finished
     * put (srmPutDone), or a bring-online or get that no longer holds a pin, {@code SRM_INVALID_REQUEST}; a file
     * that failed or was aborted its own status.
     */
    private static ExtendedLifetime ended(String surl, Request r, FileRequest f) {
        return switch (f.state()) {
            case RELEASED -> new ExtendedLifetime(surl, SrmStatus.SRM_RELEASED,
                    "the pin was released: there is nothing to extend", null, 0);
            case FILE_LIFETIME_EXPIRED -> new ExtendedLifetime(surl, SrmStatus.SRM_FILE_LIFETIME_EXPIRED,
                    "the pin or TURL lifetime has expired: there is nothing to extend", null, 0);
            case SUCCESS -> new ExtendedLifetime(surl, SrmStatus.SRM_INVALID_REQUEST, r.kind() == RequestKind.PUT
                    ? "the put of this file is finished (srmPutDone): it holds no TURL to extend"
                    : "the file holds no pin to extend", null, null);
            default -> new ExtendedLifetime(surl, f.status().isSuccess() ? SrmStatus.SRM_INVALID_REQUEST
                    : f.status(), "the file holds no pin or TURL to extend", null, null);
        };
    }

    /** Waiting (the lifetime applies once served) or holding a pin or TURL. */
    private static boolean canExtend(FileRequest f) {
        return f.state().isWaiting() || f.pinExpiresAt().isPresent();
    }

    /** Without a token: the files' own lifetimes; every file of this storage is permanent (-1). */
    private List<ExtendedLifetime> fileLifetimes(Caller caller, List<String> surlList) {
        List<ExtendedLifetime> out = new ArrayList<>(surlList.size());
        for (String surl : surlList) {
            try {
                backend.stat(caller.account(), surls.parse(surl, caller, Access.READ));
                out.add(new ExtendedLifetime(surl, SrmStatus.SRM_SUCCESS, null, -1, null));
            } catch (SrmException e) {
                out.add(new ExtendedLifetime(surl, e.status(), e.getMessage(), null, null));
            }
        }
        return out;
    }

    // ---- srmSuspendRequest, srmResumeRequest ----

    /** Suspends an active request: its queued work leaves the queue and files in progress go back to queued. */
    @Override
    public void suspend(Caller caller, String token) throws SrmException {
        if (!store.capabilities().keepsTransitions()) {
            RequestControl.super.suspend(caller, token);
        }
        RequestToken t = owned(caller, token);
        Instant now = clock.instant();
        Request after = store.update(t, r -> {
            requireActive(r, "suspended");
            return suspended(r, now);
        });
        queue.cancel(t);
        LOG.info("{} suspended", after.kind());
    }

    /** The request suspended, its files in progress queued again; unchanged if suspended already. */
    static Request suspended(Request r, Instant now) {
        if (r.state() == RequestState.SUSPENDED) {
            return r;
        }
        return r.moveTo(RequestState.SUSPENDED, "suspended by the client", now)
                .withEachFile(f -> f.state() == FileState.IN_PROGRESS ? f.moveTo(FileState.QUEUED) : f, now);
    }

    /** Resumes a suspended request: queued (or in progress if some files were served) and handed to the engine. */
    @Override
    public void resume(Caller caller, String token) throws SrmException {
        if (!store.capabilities().keepsTransitions()) {
            RequestControl.super.resume(caller, token);
        }
        RequestToken t = owned(caller, token);
        Instant now = clock.instant();
        boolean[] resumed = new boolean[1];
        Request after = store.update(t, r -> {
            requireActive(r, "resumed");
            resumed[0] = r.state() == RequestState.SUSPENDED;
            return resumed[0] ? r.moveTo(RequestState.QUEUED, "", now) : r;
        });
        if (!resumed[0] || !after.state().isActive()) {
            return; // running already, or every file was settled while it was suspended
        }
        try {
            store.hold(t); // resumed through this frontend, worked on by it, whatever frontend held it before
            queue.enqueue(after);
        } catch (SrmException e) {
            store.update(t, r -> r.state().isActive() ? suspended(r, clock.instant()) : r);
            LOG.warn("resume refused, the request stays suspended: {}", e.getMessage());
            throw e;
        }
        LOG.info("{} resumed", after.kind());
    }

    /** The token of a request of the caller's. */
    private RequestToken owned(Caller caller, String token) throws SrmException {
        RequestToken t = tokenOf(token);
        store.loadOwned(t, caller.owner());
        return t;
    }

    private static void requireActive(Request r, String what) throws SrmException {
        if (!r.state().isActive()) {
            throw new SrmException(SrmStatus.SRM_FAILURE, "the request has finished (" + r.status()
                    + ") and cannot be " + what);
        }
    }

    // ---- srmGetRequestSummary ----

    @Override
    public List<RequestSummary> summaries(Caller caller, List<String> tokens) throws SrmException {
        if (!store.capabilities().searchable()) {
            return RequestControl.super.summaries(caller, tokens); // as before the engine ran gateway mode
        }
        if (tokens == null || tokens.isEmpty()) {
            throw SrmException.invalidRequest("no request token given");
        }
        Owner owner = caller.owner();
        List<RequestSummary> out = new ArrayList<>(tokens.size());
        for (String token : tokens) {
            try {
                out.add(summaryOf(token, store.loadOwned(tokenOf(token), owner)));
            } catch (SrmException e) {
                if (e.status() != SrmStatus.SRM_INVALID_REQUEST
                        && e.status() != SrmStatus.SRM_AUTHORIZATION_FAILURE) {
                    throw e;
                }
                out.add(RequestSummary.refused(token, e.status(), e.getMessage()));
            }
        }
        return out;
    }

    static RequestSummary summaryOf(String token, Request r) {
        int completed = 0;
        int waiting = 0;
        int failed = 0;
        for (FileRequest f : r.files()) {
            if (f.state().isWaiting()) {
                waiting++;
            } else if (f.state().isSuccess()) {
                completed++;
            } else {
                failed++;
            }
        }
        return new RequestSummary(token, r.status(), r.explanation(), Optional.of(r.kind()), r.files().size(),
                completed, waiting, failed);
    }

    // ---- srmGetRequestTokens ----

    @Override
    public List<RequestTokenInfo> tokens(Caller caller, Optional<String> description) throws SrmException {
        if (!store.capabilities().searchable()) {
            return RequestControl.super.tokens(caller, description);
        }
        List<RequestTokenInfo> out = new ArrayList<>();
        for (RequestToken t : store.findByOwner(caller.owner(), description)) {
            Request r = loadIfPresent(t);
            if (r != null) {
                out.add(new RequestTokenInfo(t.value(), r.createdAt()));
            }
        }
        if (out.isEmpty()) {
            throw SrmException.invalidRequest(description.map(d -> "no request of yours is described as '" + d + "'")
                    .orElse("you have no requests"));
        }
        return out;
    }

    // ---- shared ----

    /** A SURL the client named and the request's file it names, or null when the request has none. */
    private record Named(String surl, FileRequest file) {
    }

    /** The caller's request a call is about, as loaded, and the files it names (indexes: those in the request). */
    private record Target(RequestToken token, Request request, List<Named> named, Set<Integer> indexes) {
    }

    private Target target(Caller caller, String token, List<String> subset) throws SrmException {
        return target(caller, token, subset, false);
    }

    /**
     * The request and the files named; {@code toChange}: only its kind and files are read before an update changes
     * it, so a request read a moment ago serves ({@link RequestStore#loadOwnedToChange}).
     */
    private Target target(Caller caller, String token, List<String> subset, boolean toChange) throws SrmException {
        RequestToken t = tokenOf(token);
        Request r = toChange ? store.loadOwnedToChange(t, caller.owner(), subset)
                : store.loadOwned(t, caller.owner(), subset);
        List<Named> named = named(r, subset);
        Set<Integer> indexes = new TreeSet<>();
        for (Named n : named) {
            if (n.file != null) {
                indexes.add(n.file.index());
            }
        }
        return new Target(t, r, named, indexes);
    }

    /** The request with {@code change} applied to the files at {@code indexes}. */
    private static Request withFiles(Request r, Collection<Integer> indexes, UnaryOperator<FileRequest> change,
                                     Instant now) {
        Request next = r;
        for (int i : indexes) {
            next = next.withFile(i, change, now);
        }
        return next;
    }

    /** Kinds whose files hold pins that srmReleaseFiles releases. */
    private static boolean pins(RequestKind kind) {
        return kind == RequestKind.GET || kind == RequestKind.BRING_ONLINE;
    }

    /** Every file of the request when the client named none, else each named SURL matched by its path. */
    private List<Named> named(Request r, List<String> subset) {
        List<Named> out = new ArrayList<>();
        if (subset == null || subset.isEmpty()) {
            r.files().forEach(f -> out.add(new Named(f.surl().text(), f)));
            return out;
        }
        for (String surl : subset) {
            FileRequest match = null;
            try {
                SrmPath p = pathNamed(r, surl);
                for (FileRequest f : r.files()) {
                    if (f.surl().text().equals(surl) || p.equals(pathOf(f))) {
                        match = f;
                        break;
                    }
                }
            } catch (SrmException e) {
                // not a SURL of this server: not part of the request
            }
            out.add(new Named(surl, match));
        }
        return out;
    }

    /**
     * The path a SURL named in a call names: that of a file of the request sent with the same text and read when
     * the request was made (the same reading would give it again), else read now.
     */
    private SrmPath pathNamed(Request r, String surl) throws SrmException {
        for (FileRequest f : r.files()) {
            Optional<SrmPath> read = f.surl().path();
            if (read.isPresent() && f.surl().text().equals(surl)) {
                return read.get();
            }
        }
        return surls.parse(surl);
    }

    private SrmPath pathOf(FileRequest f) {
        try {
            return surls.pathOf(f.surl());
        } catch (SrmException e) {
            return null;
        }
    }

    private Request loadIfPresent(RequestToken t) throws SrmException {
        try {
            return store.load(t);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                return null; // purged since it was listed
            }
            throw e;
        }
    }

    private static FileOutcome notInRequest(String surl) {
        return new FileOutcome(surl, SrmStatus.SRM_INVALID_PATH, surl + " is not part of this request");
    }

    private static void requireSurls(List<String> surlList) throws SrmException {
        if (surlList == null || surlList.isEmpty()) {
            throw SrmException.invalidRequest("no SURL given");
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}

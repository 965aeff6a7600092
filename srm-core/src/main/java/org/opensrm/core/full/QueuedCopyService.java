package org.opensrm.core.full;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.DelegatedCredentials.Lease;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.RemoteSrm;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.CopyRequest;
import org.opensrm.core.service.CopyResult;
import org.opensrm.core.service.CopyService;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.core.service.ReadableFiles;
import org.opensrm.core.service.StagingArea;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.service.Uploads;
import org.opensrm.core.space.SpaceClaim;
import org.opensrm.core.space.SpaceToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * srmCopy and srmStatusOfCopyRequest in full mode. srmCopy needs the credential the client delegated on its
 * connection ({@link Caller#delegated()}); the request takes a lease on the client's DN in the shared
 * {@link org.opensrm.authz.DelegatedCredentials}, released once none of its files waits any more. Each file is
 * checked at once ({@link CopyEnds}: one end here, the other an allowed peer or here too, not the same file; a
 * source here must be readable by the caller; a pull's target as a put's, {@link Uploads#checkTarget}, and
 * journaled as a put's upload), then queued.
 *
 * <p>The engine then copies each file as the owner's account through one of this server's doors and the remote
 * door, a third-party transfer ({@link org.opensrm.core.copy.ThirdPartyTransfer}): GridFTP's with the delegated
 * credential, or, when both storage elements offer {@code https}, an HTTP third-party copy run by this server's
 * XRootD door with the TURLs' macaroons ({@link CopyDoors}, {@code org.opensrm.client.http.HttpTpcTransfer}):
 * a pull writes to the file's hidden upload name ({@link UploadPaths}) and lands it on its target as srmPutDone
 * does; a push reads the local file. A remote {@code srm://} end is asked for a TURL first ({@link RemoteSrm}:
 * srmPrepareToGet/Put, polled), and its request is ended after (srmReleaseFiles, srmPutDone, or srmAbortRequest on
 * failure). While a file is copied its request is looked at every second: aborted, suspended or timed out, the
 * transfer is stopped and its partial destination removed.
 *
 * <p>A copy's {@code targetSpaceToken} is where its target lands: a pull's is a reservation here, checked for the
 * caller as a put's at once ({@link SpaceAdmission}), the file admitted into it at the size the remote SRM tells
 * before the transfer (a gsiftp:// source's once its bytes arrived) and counted at its real size once landed (one that does not fit is removed, {@code SRM_EXCEED_ALLOCATION}); a push's is the remote
 * SE's, passed on in its srmPrepareToPut. A copy whose two SURLs are both here is a pull from one of this server's
 * own doors ({@link #copyWithin}): queued, abortable and landed as any pull. After a restart the leases are gone: a
 * resumed copy fails {@code SRM_AUTHORIZATION_FAILURE} unless the client delegated again meanwhile.
 *
 * <p>On a store several frontends share, a copy lands its data (a pull's rename onto its target, a push's
 * srmPutDone at the remote SRM) only while its request is still held under the lease it started under
 * ({@link LandingFence}); once another frontend took the request over, its transfer is stopped at the next look,
 * and one that ended meanwhile lands nothing: the engine drops the file, as it drops every late outcome.
 */
public final class QueuedCopyService implements CopyService {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedCopyService.class);
    static final String OVERWRITE = "overwrite";
    /** The request's targetSpaceToken: a local reservation for its pulls, the remote SE's for its pushes. */
    static final String TARGET_SPACE = "targetSpaceToken";
    private static final long LOOK_EVERY_SECONDS = 1;

    private final StorageBackend backend;
    private final RequestStore store;
    private final SurlParser surls;
    /** A copy within this storage element, or with a gsiftp:// end, runs between GridFTP doors. */
    private static final List<String> GRIDFTP = List.of(GridFtpNode.GSIFTP);
    private final Doors doors;
    private final StagingArea staging;
    private final Uploads uploads;
    private final CopySetup.Parts parts;
    private final Intake intake;
    private final Answers answers;
    private final Clock clock;
    private final SpaceAdmission admission;
    private final LandingFence fence;
    private final Map<RequestToken, Lease> leases = new ConcurrentHashMap<>();
    /** Requests a worker is copying a file of now: their lease is released by the worker, never under it. */
    private final Map<RequestToken, Integer> working = new ConcurrentHashMap<>();

    QueuedCopyService(StorageBackend backend, RequestStore store, SurlParser surls, Doors doors,
                      StagingArea staging, Uploads uploads, CopySetup.Parts parts, Intake intake, Answers answers,
                      Clock clock, SpaceAdmission admission, LandingFence fence) {
        this.admission = admission;
        this.fence = fence;
        this.backend = backend;
        this.store = store;
        this.surls = surls;
        this.doors = doors;
        this.staging = staging;
        this.uploads = uploads;
        this.parts = parts;
        this.intake = intake;
        this.answers = answers;
        this.clock = clock;
    }

    @Override
    public CopyResult copy(Caller caller, CopyRequest request) throws SrmException {
        releaseEnded();
        intake.requireFileCount(request.files().size(), "arrayOfFileRequests");
        Optional<DelegatedCredential> delegated = caller.delegated();
        Optional<Lease> lease = delegated.flatMap(c -> parts.credentials().lease(c.dn()));
        if (lease.isEmpty()) {
            throw SrmException.denied("srmCopy acts with your delegated credential, and none was delegated on this"
                    + " connection (or it expired): delegation is needed (GSI delegation on httpg, e.g."
                    + " 'gfal-copy --copy-mode pull' with delegation, or a client sending 'D')");
        }
        try {
            Request stored = submit(caller, request, lease.get());
            if (!stored.state().isActive() || !leases.containsKey(stored.token())) {
                leases.remove(stored.token());
                lease.get().close(); // every file refused at once: nothing will act with it
            }
            return answer(stored, List.of(), List.of());
        } catch (SrmException | RuntimeException e) {
            lease.get().close();
            throw e;
        }
    }

    private Request submit(Caller caller, CopyRequest request, Lease lease) throws SrmException {
        List<NewFile> files = new ArrayList<>(request.files().size());
        Map<Integer, SrmException> refused = new HashMap<>();
        Map<Integer, SrmPath> pullTargets = new HashMap<>();
        List<CopyEnds> pairs = new ArrayList<>(request.files().size());
        Map<Integer, SrmException> badPairs = new HashMap<>();
        for (CopyRequest.CopyPair pair : request.files()) {
            try {
                pairs.add(CopyEnds.of(text(pair.source()), text(pair.target()), surls, parts.localPort(),
                        parts.peers()));
            } catch (SrmException e) {
                badPairs.put(pairs.size(), e);
                pairs.add(null);
            }
        }
        if (pairs.stream().anyMatch(e -> e != null && e.pull())) {
            requireReservation(caller, request.targetSpaceToken()); // refuses the whole request, as a put's
        }
        for (CopyRequest.CopyPair pair : request.files()) {
            int index = files.size();
            String source = text(pair.source());
            String target = text(pair.target());
            Surl sourceSurl = Surl.unread(source);
            Surl targetSurl = Surl.unread(target);
            try {
                CopyEnds ends = pairs.get(index);
                if (ends == null) {
                    throw badPairs.get(index);
                }
                sourceSurl = ends.source(source);
                targetSurl = ends.target(target);
                if (ends.pull()) {
                    if (ends.localSource().isPresent()) { // within this storage element: the caller reads it
                        caller.paths().check(Access.READ, ends.localSource().get());
                        ReadableFiles.require(backend, caller.account(), ends.localSource().get());
                    }
                    caller.paths().check(Access.CREATE, ends.local());
                    uploads.checkTarget(caller, ends.local(), request.overwrite());
                    if (pullTargets.containsValue(ends.local())) {
                        throw new SrmException(SrmStatus.SRM_FILE_BUSY, ends.local() + " is named twice in this request");
                    }
                    pullTargets.put(index, ends.local());
                } else {
                    caller.paths().check(Access.READ, ends.local());
                }
            } catch (SrmException e) {
                LOG.info("copy of {} to {} refused: {} {}", source, target, e.status(), e.getMessage());
                refused.put(index, e);
            }
            files.add(new NewFile(sourceSurl, Optional.of(targetSurl), OptionalLong.empty(), Duration.ZERO,
                    Duration.ZERO));
        }
        Map<String, String> parameters = new HashMap<>();
        parameters.put(OVERWRITE, Boolean.toString(request.overwrite()));
        request.targetSpaceToken().filter(t -> !t.isBlank()).ifPresent(t -> parameters.put(TARGET_SPACE, t));
        NewRequest r = new NewRequest(RequestKind.COPY, caller.owner(), request.options().description(),
                parameters,
                intake.requestLifetime(request.options().totalRequestTime()), files);
        SrmPath dir = pullTargets.isEmpty() ? null : staging.directoryOf(caller.account());
        return intake.submit(r, refused, made -> {
            leases.put(made.token(), lease);
            journal(caller.account(), dir, made, pullTargets);
        });
    }

    /**
     * Journals the pulls' uploads, so that their targets are busy as a put's; when the journal fails part-way the
     * request is ended unqueued ({@link Intake}), and what was journaled before the failure is forgotten again.
     */
    private void journal(Account account, SrmPath dir, Request made, Map<Integer, SrmPath> pullTargets)
            throws SrmException {
        List<SrmPath> journaled = new ArrayList<>();
        try {
            for (Map.Entry<Integer, SrmPath> t : pullTargets.entrySet()) {
                SrmPath upload = UploadPaths.of(dir, made.token(), t.getKey());
                uploads.janitor().track(account, t.getValue(), upload, made.expiresAt());
                journaled.add(upload);
            }
        } catch (SrmException | RuntimeException e) {
            for (SrmPath upload : journaled) {
                try {
                    uploads.janitor().finished(upload);
                } catch (RuntimeException stillThere) {
                    LOG.warn("copy {}: the upload journal cannot forget {} now, its target stays busy until the copy"
                            + " expires: {}", made.token().shortId(), upload, stillThere.getMessage());
                }
            }
            throw e;
        }
    }

    private static String text(String surl) {
        return surl == null ? "" : surl;
    }

    /**
     * A pull's targetSpaceToken names a reservation here: checked for the caller as a put's (unknown, released,
     * expired, or another group's token refuse the request); without space reservation there is none to name.
     */
    private void requireReservation(Caller caller, Optional<String> token) throws SrmException {
        if (token.isEmpty() || token.get().isBlank()) {
            return;
        }
        if (!admission.enabled()) {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED,
                    "this server has no space reservations: a copy into it cannot name a targetSpaceToken");
        }
        admission.reservationOf(caller, token);
    }

    @Override
    public CopyResult status(Caller caller, String token, List<String> sources, List<String> targets)
            throws SrmException {
        releaseEnded();
        return answer(answers.owned(caller, token, RequestKind.COPY), sources, targets);
    }

    private CopyResult answer(Request r, List<String> sources, List<String> targets) {
        TransferResult all = answers.of(r, List.of());
        List<CopyResult.CopyFile> files = new ArrayList<>();
        boolean everything = (sources == null || sources.isEmpty()) && (targets == null || targets.isEmpty());
        for (int i = 0; i < r.files().size(); i++) {
            FileRequest f = r.file(i);
            String target = f.targetSurl().map(Surl::text).orElse("");
            if (everything || (sources != null && sources.contains(f.surl().text()))
                    || (targets != null && targets.contains(target))) {
                TransferFile t = all.files().get(i);
                files.add(new CopyResult.CopyFile(f.surl().text(), target, t.status(), t.explanation(), t.size(),
                        t.estimatedWaitSeconds()));
            }
        }
        return new CopyResult(all.token(), all.status(), all.explanation(), files,
                r.state().isActive() ? all.remainingSeconds() : null);
    }

    /** Releases the leases of requests that ended meanwhile (aborted while queued, timed out, purged). */
    private void releaseEnded() {
        for (RequestToken token : List.copyOf(leases.keySet())) {
            if (working.containsKey(token)) {
                continue;
            }
            try {
                if (!store.load(token).state().isActive()) {
                    release(token);
                }
            } catch (SrmException e) {
                if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                    release(token); // purged
                }
            }
        }
    }

    private void release(RequestToken token) {
        Lease l = leases.remove(token);
        if (l != null) {
            l.close();
        }
    }

    /** The engine's work for one file of a copy. */
    FileWorker worker() {
        return new FileWorker() {
            @Override
            public boolean marksInProgress() {
                return true;
            }

            @Override
            public Served work(Request r, FileRequest f, Account account) throws SrmException, NoDoorException {
                working.merge(r.token(), 1, Integer::sum);
                try {
                    return copy(r, f, account);
                } finally {
                    working.computeIfPresent(r.token(), (t, n) -> n > 1 ? n - 1 : null);
                    releaseIfLast(r.token(), f.index());
                }
            }
        };
    }

    private FileWorker.Served copy(Request r, FileRequest f, Account account) throws SrmException, NoDoorException {
        Lease lease = leases.get(r.token());
        Optional<DelegatedCredential> credential = lease == null ? Optional.empty() : lease.credential();
        if (credential.isEmpty()) {
            throw SrmException.denied("the credential delegated for this copy expired (or was lost in a restart):"
                    + " delegate again and make a new request");
        }
        CopyEnds ends = CopyEnds.of(f.surl(), f.targetSurl().orElseThrow(), surls, parts.localPort(),
                parts.peers());
        Optional<FrontendLease> held = fence.lease();
        BooleanSupplier wanted = () -> stillWanted(r.token(), f.index()) && fence.stillHeld(r.token(), held);
        Duration within = Duration.between(clock.instant(), r.expiresAt());
        boolean overwrite = Boolean.parseBoolean(r.parameters().get(OVERWRITE));
        String label = r.token().shortId() + "/" + f.index();
        if (ends.localSource().isPresent()) {
            return copyWithin(r, f, account, ends, doors.choose(GRIDFTP), wanted, lease, held, label);
        }
        // a remote SRM is asked for a TURL of a protocol both ends' doors speak (https first); gsiftp:// is GridFTP's
        CopyDoors ours = ends.remoteIsSrm() ? CopyDoors.choose(doors, parts.transfer().capabilities().schemes())
                : null;
        String gridFtpDoor = ours == null ? doors.choose(GRIDFTP) : null;
        if (ends.pull()) {
            SrmPath upload = UploadPaths.of(staging.directoryOf(account), r.token(), f.index());
            Optional<RemoteSrm.Prepared> remote = ours != null
                    ? Optional.of(prepareRemote(ours, ends, OptionalLong.empty(), false, null, credential.get(),
                    wanted, within, label))
                    : Optional.empty();
            Optional<SpaceClaim> claim;
            String door;
            try {
                door = remote.isPresent() ? ours.doorFor(remote.get().turl()) : gridFtpDoor;
                claim = admitKnownSize(r, remote.map(p -> p.size()).orElse(OptionalLong.empty()), label);
            } catch (SrmException refused) {
                if (remote.isPresent()) {
                    parts.remote().finish(remote.get(), false, credential.get());
                }
                throw refused;
            }
            CopyOutcome o = transfer(new CopySpec(remote.map(RemoteSrm.Prepared::turl).orElse(ends.remote()),
                    URI.create(doors.turl(door, upload, Doors.grant(r, account, Access.CREATE, r.expiresAt()))),
                    label), lease, wanted);
            if (remote.isPresent()) {
                parts.remote().finish(remote.get(), o.succeeded(), lease.credential().orElse(credential.get()));
            }
            if (!o.succeeded()) {
                discard(account, upload, label);
                claim.ifPresent(c -> admission.giveBack(List.of(c)));
                throw new SrmException(o.status(), o.explanation());
            }
            fencedLanding(r, account, upload, held, label, claim);
            land(r, f, account, upload, ends.local(), label, claim);
            long size = backend.stat(account, ends.local()).size();
            LOG.info("copy {}: pulled {} to {} ({} bytes, adler32 {})", label, ends.remote(), ends.local(), size,
                    o.adler32().orElse("-"));
            return new FileWorker.Served(Optional.empty(), OptionalLong.of(size));
        }
        long size = ReadableFiles.require(backend, account, ends.local()).size();
        Optional<RemoteSrm.Prepared> remote = ours != null
                ? Optional.of(prepareRemote(ours, ends, OptionalLong.of(size), overwrite,
                r.parameters().get(TARGET_SPACE), credential.get(), wanted, within, label))
                : Optional.empty();
        String door;
        try {
            door = remote.isPresent() ? ours.doorFor(remote.get().turl()) : gridFtpDoor;
        } catch (SrmException refused) {
            if (remote.isPresent()) {
                parts.remote().finish(remote.get(), false, credential.get());
            }
            throw refused;
        }
        CopyOutcome o = transfer(new CopySpec(URI.create(doors.turl(door, ends.local(),
                Doors.grant(r, account, Access.READ, r.expiresAt()))),
                remote.map(RemoteSrm.Prepared::turl).orElse(ends.remote()), label), lease, wanted);
        if (remote.isPresent()) {
            SrmException notHeld = null;
            if (o.succeeded()) { // srmPutDone makes the pushed file the remote's: not once another frontend took it
                try {
                    fence.beforeLanding(r.token(), held, label);
                } catch (SrmException e) {
                    notHeld = e;
                }
            }
            parts.remote().finish(remote.get(), o.succeeded() && notHeld == null,
                    lease.credential().orElse(credential.get()));
            if (notHeld != null) {
                throw notHeld;
            }
        }
        if (!o.succeeded()) {
            throw new SrmException(o.status(), o.explanation());
        }
        LOG.info("copy {}: pushed {} to {} ({} bytes, adler32 {})", label, ends.local(), ends.remote(), size,
                o.adler32().orElse("-"));
        return new FileWorker.Served(Optional.empty(), OptionalLong.of(size));
    }

    /**
     * Asks the remote SRM for the file's TURL (srmPrepareToGet, or srmPrepareToPut with {@code size} when known),
     * in the protocols of {@code ours}, most wanted first; an https TURL without its own token cannot be used by an
     * HTTP third-party copy, so its request is given up and the next protocol asked for.
     */
    private RemoteSrm.Prepared prepareRemote(CopyDoors ours, CopyEnds ends, OptionalLong size, boolean overwrite,
                                             String space, DelegatedCredential credential, BooleanSupplier wanted,
                                             Duration within, String label) throws SrmException {
        List<String> asked = ours.protocols();
        while (true) {
            RemoteSrm.Prepared p = ends.pull()
                    ? parts.remote().prepareToGet(ends.remote(), asked, credential, wanted, within)
                    : parts.remote().prepareToPut(ends.remote(), size.orElse(0), overwrite,
                    Optional.ofNullable(space), asked, credential, wanted, within);
            if (ours.usable(p.turl())) {
                return p;
            }
            parts.remote().finish(p, false, credential);
            String kind = CopyDoors.kindOf(p.turl());
            List<String> next = asked.contains(kind) ? ours.after(kind) : List.of();
            if (next.isEmpty()) {
                throw new SrmException(SrmStatus.SRM_FAILURE, "the SRM of " + ends.remote().getHost()
                        + " answered a " + p.turl().getScheme() + ":// TURL this server cannot copy with"
                        + (asked.contains(kind) ? " (an https TURL without a token)" : ""));
            }
            LOG.info("copy {}: the remote {} TURL carries no token; asking for {} instead", label, kind, next);
            asked = next;
        }
    }

    /**
     * A copy within this storage element: a third-party transfer from one of this server's doors to another (or the
     * same), both acting as the caller's account with the delegated credential, so the source is read with the
     * caller's permissions and the copy is written as the caller's to the hidden upload name, then landed as a pull
     * (and so as a put). Its reservation, if any, is admitted at the source's size first; the copy's adler32 must
     * be the source's as the backend reports it.
     */
    private FileWorker.Served copyWithin(Request r, FileRequest f, Account account, CopyEnds ends, String door,
                                         BooleanSupplier wanted, Lease lease, Optional<FrontendLease> held,
                                         String label)
            throws SrmException, NoDoorException {
        SrmPath source = ends.localSource().orElseThrow();
        long size = ReadableFiles.require(backend, account, source).size();
        String adler32 = backend.checksum(account, source, "adler32");
        String sourceDoor = doors.choose(GRIDFTP);
        SrmPath upload = UploadPaths.of(staging.directoryOf(account), r.token(), f.index());
        Optional<SpaceClaim> claim = admitKnownSize(r, OptionalLong.of(size), label);
        CopyOutcome o = transfer(new CopySpec(
                URI.create(doors.turl(sourceDoor, source, Doors.grant(r, account, Access.READ, r.expiresAt()))),
                URI.create(doors.turl(door, upload, Doors.grant(r, account, Access.CREATE, r.expiresAt()))),
                label, Optional.of(adler32)), lease, wanted);
        if (!o.succeeded()) {
            discard(account, upload, label);
            claim.ifPresent(c -> admission.giveBack(List.of(c)));
            throw new SrmException(o.status(), o.explanation());
        }
        fencedLanding(r, account, upload, held, label, claim);
        land(r, f, account, upload, ends.local(), label, claim);
        LOG.info("copy {}: copied {} to {} within this storage element ({} bytes, adler32 {})", label, source,
                ends.local(), size, o.adler32().orElse("-"));
        return new FileWorker.Served(Optional.empty(), OptionalLong.of(size));
    }

    /**
     * Lets a pulled file land only while its request is still this frontend's ({@link LandingFence}); otherwise
     * removes what arrived at its upload name and gives its claim back, and the file is dropped
     * ({@link org.opensrm.core.FencedException}) or, the store unreachable, fails to be tried again.
     */
    private void fencedLanding(Request r, Account account, SrmPath upload, Optional<FrontendLease> held, String label,
                               Optional<SpaceClaim> claim) throws SrmException {
        try {
            fence.beforeLanding(r.token(), held, label);
        } catch (SrmException notHeld) {
            discard(account, upload, label);
            claim.ifPresent(c -> admission.giveBack(List.of(c)));
            throw notHeld;
        }
    }

    /**
     * Lands a pulled file on its target as srmPutDone lands a put's; a pull into a reservation not {@code admitted}
     * before (its size unknown) is admitted at the size that arrived (one that does not fit is removed:
     * {@code SRM_EXCEED_ALLOCATION}); it is counted at its real size once landed, and gives its claim back when it
     * does not land.
     */
    private void land(Request r, FileRequest f, Account account, SrmPath upload, SrmPath local, String label,
                      Optional<SpaceClaim> admitted) throws SrmException {
        boolean overwrite = Boolean.parseBoolean(r.parameters().get(OVERWRITE));
        String target = f.targetSurl().orElseThrow().text();
        Optional<SpaceClaim> claim = admitted;
        if (claim.isEmpty() && r.parameters().containsKey(TARGET_SPACE)) { // its size was not known before
            long bytes = uploads.statIfExists(account, upload).map(a -> a.size()).orElse(0L);
            try {
                claim = admitKnownSize(r, OptionalLong.of(bytes), label);
            } catch (SrmException refused) {
                discard(account, upload, label);
                throw refused;
            }
        }
        try {
            uploads.land(account, upload, local, 0, overwrite, r.createdAt(), r.expiresAt(), target);
        } catch (SrmException | RuntimeException e) {
            claim.ifPresent(c -> admission.giveBack(List.of(c)));
            throw e;
        }
        if (claim.isPresent()) {
            admission.count(account, claim.get(), local);
        }
    }

    /**
     * Admits a pull into its request's reservation at {@code size} (empty without a reservation or a known size):
     * {@code SRM_EXCEED_ALLOCATION} when it does not fit.
     */
    private Optional<SpaceClaim> admitKnownSize(Request r, OptionalLong size, String label) throws SrmException {
        String space = r.parameters().get(TARGET_SPACE);
        if (space == null || size.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(admission.admit(SpaceToken.parse(space), r.owner(), size.getAsLong()));
        } catch (SrmException refused) {
            LOG.info("copy {}: {} bytes do not fit space {}: {} {}", label, size.getAsLong(), space, refused.status(),
                    refused.getMessage());
            throw refused;
        }
    }

    /**
     * Removes what a pull that did not succeed left at its upload name (the transfer removes its partial
     * destination itself, with the delegated credential; this is for when it could not), and frees the target.
     */
    private void discard(Account account, SrmPath upload, String label) {
        try {
            if (uploads.statIfExists(account, upload).isPresent()) {
                backend.delete(account, upload);
                LOG.info("copy {}: partial upload {} removed", label, upload);
            }
            uploads.janitor().finished(upload);
        } catch (SrmException e) {
            LOG.warn("copy {}: partial upload {} not removed now ({}); it is removed when the request expires",
                    label, upload, e.getMessage());
        }
    }

    /** Runs one transfer to its end, stopping it once the file is no longer wanted. */
    private CopyOutcome transfer(CopySpec spec, Lease lease, BooleanSupplier wanted) throws SrmException {
        RunningTransfer running = parts.transfer().start(spec, lease::credential);
        boolean aborted = false;
        while (true) {
            try {
                return running.outcome().get(LOOK_EVERY_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                if (!aborted && !wanted.getAsBoolean()) {
                    aborted = true;
                    running.abort();
                }
            } catch (InterruptedException e) {
                running.abort();
                Thread.currentThread().interrupt();
                return CopyOutcome.failed(SrmStatus.SRM_ABORTED, "the server is shutting down", 0);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause()); // never: outcomes complete normally
            }
        }
    }

    /** The request is still queued or in progress, within its lifetime, and the file still waits. */
    private boolean stillWanted(RequestToken token, int index) {
        try {
            Request r = store.load(token);
            return (r.state() == RequestState.QUEUED || r.state() == RequestState.IN_PROGRESS)
                    && clock.instant().isBefore(r.expiresAt())
                    && r.file(index).state().isWaiting();
        } catch (SrmException e) {
            return e.status() != SrmStatus.SRM_INVALID_REQUEST; // purged: no; store unreachable: keep going
        }
    }

    /** Releases the request's lease when no other file of it waits. */
    private void releaseIfLast(RequestToken token, int index) {
        try {
            Request r = store.load(token);
            if (r.files().stream().noneMatch(x -> x.index() != index && x.state().isWaiting())) {
                release(token);
            }
        } catch (SrmException e) {
            LOG.debug("copy {}: lease kept until the next status call: {}", token.shortId(), e.getMessage());
        }
    }
}

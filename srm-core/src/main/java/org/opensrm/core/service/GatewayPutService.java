package org.opensrm.core.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.gateway.TokenKind;
import org.opensrm.core.gateway.RequestToken;
import org.opensrm.core.gateway.TokenCodec;
import org.opensrm.core.gateway.TokenFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts in gateway mode. srmPrepareToPut answers at once with a TURL naming an upload in the caller's directory
 * of the {@link StagingArea}; srmPutDone checks that the transfer happened (and its size, where declared),
 * records the adler32 and renames the upload onto the target atomically. Nothing is kept between calls but the
 * signed token and the janitor's journal of uploads to remove if they are never finished.
 *
 * <p>The target's directory is checked when the put is prepared and again by the rename at srmPutDone: if it was
 * moved or removed in between, srmPutDone answers {@code SRM_INVALID_PATH} for the file and keeps the upload
 * until the put expires, so that recreating the directory and calling srmPutDone again still lands it. The data
 * never follows a moved directory: the file lands at the SURL the client named or nowhere.
 */
public final class GatewayPutService implements PutService {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayPutService.class);

    private final SurlParser surls;
    private final Transfers transfers;
    private final TokenCodec tokens;
    private final UploadJanitor janitor;
    private final Uploads landing;
    private final SpaceTokens spaces;
    private final StagingArea staging;
    private final UploadNames uploadNames = new UploadNames();
    private final Duration maxLifetime;
    private final Clock clock;

    public GatewayPutService(StorageBackend backend, StagingArea staging, SurlParser surls, Transfers transfers,
                      TokenCodec tokens, UploadJanitor janitor, SpaceTokens spaces, Duration maxLifetime, Clock clock) {
        this.staging = staging;
        this.surls = surls;
        this.transfers = transfers;
        this.tokens = tokens;
        this.janitor = janitor;
        this.landing = new Uploads(backend, janitor);
        this.spaces = spaces;
        this.maxLifetime = maxLifetime;
        this.clock = clock;
    }

    @Override
    public TransferResult prepare(Caller caller, PutRequest request) throws SrmException {
        List<PutFile> files = request.files();
        List<String> protocols = request.protocols();
        boolean overwrite = request.overwrite();
        Optional<String> spaceToken = request.spaceToken();
        Duration lifetime = request.options().totalRequestTime().orElse(null);
        if (files.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfFileRequests is empty");
        }
        Optional<StaticSpaceToken> space = spaces.resolve(spaceToken);
        Instant now = clock.instant();
        Duration life = lifetime == null || lifetime.isZero() || lifetime.compareTo(maxLifetime) > 0 ? maxLifetime : lifetime;
        Instant expires = now.plus(life);
        boolean protocolOk = true;
        SrmException protocolError = null;
        try {
            transfers.requireOffered(protocols);
        } catch (SrmException e) {
            protocolOk = false;
            protocolError = e;
        }
        List<TokenFile> entries = new ArrayList<>(files.size());
        List<TransferFile> answers = new ArrayList<>(files.size());
        List<TokenFile> uploads = new ArrayList<>(files.size());
        SrmPath stagingDir = null;
        for (PutFile f : files) {
            SrmPath path = null;
            try {
                path = surls.parse(f.surl(), caller, Access.CREATE);
                if (!protocolOk) {
                    throw protocolError;
                }
                if (f.expectedSize() < 0) {
                    throw SrmException.invalidRequest("expectedFileSize must not be negative");
                }
                spaces.requireInside(space, path);
                landing.checkTarget(caller, path, overwrite);
                if (stagingDir == null) {
                    stagingDir = staging.directoryOf(caller.account());
                }
                String node = transfers.choose(protocols);
                SrmPath uploadPath = stagingDir.child(uploadNames.next());
                TokenFile entry = new TokenFile(f.surl(), path, uploadPath.toString(), f.expectedSize(), node);
                uploads.add(entry);
                entries.add(entry);
                answers.add(new TransferFile(f.surl(), SrmStatus.SRM_SPACE_AVAILABLE, null,
                        transfers.turl(node, uploadPath, new TurlGrant(caller, Access.CREATE, expires)),
                        f.expectedSize(), (int) life.toSeconds()));
            } catch (SrmException e) {
                entries.add(TokenFile.refused(f.surl(), path == null ? SrmPath.ROOT : path, f.expectedSize(),
                        e.status()));
                answers.add(TransferFile.failed(f.surl(), e.status(), e.getMessage()));
            }
        }
        RequestToken token = new RequestToken(TokenKind.PUT, TokenCodec.digestOf(caller.dn()), now, expires,
                overwrite, space.map(StaticSpaceToken::name), entries);
        SrmStatus status = protocolOk ? RequestStatus.of(answers, TransferFile::status, SrmStatus.SRM_SUCCESS)
                : SrmStatus.SRM_NOT_SUPPORTED;
        String encoded = tokens.encode(token);
        for (TokenFile f : uploads) {
            janitor.track(caller.account(), f.path(), uploadOf(f), expires);
        }
        return new TransferResult(encoded, status, explanation(answers, status), answers, (int) life.toSeconds());
    }

    /** Where the transfer of {@code f} writes: in the staging area, or beside the target for older tokens. */
    private static SrmPath uploadOf(TokenFile f) throws SrmException {
        String name = f.uploadName();
        return name.startsWith("/") ? SrmPath.of(name) : f.path().parent().child(name);
    }

    /** A file refused when the request was made: its refusal, repeated by every later answer. */
    private static SrmException refusal(TokenFile f) {
        SrmStatus code = f.isRefused() ? f.refusal() : SrmStatus.SRM_FAILURE;
        return new SrmException(code, "this file was refused when the request was made (" + code + ")");
    }

    @Override
    public TransferResult status(Caller caller, String token, List<String> subset) throws SrmException {
        RequestToken t = tokens.decode(token, TokenKind.PUT, caller.dn(), clock.instant());
        List<TransferFile> answers = new ArrayList<>();
        for (RequestedFiles.Requested r : RequestedFiles.of(t, subset, surls)) {
            if (r.file() == null) {
                FileOutcome o = r.notInRequest();
                answers.add(TransferFile.failed(o.surl(), o.status(), o.explanation()));
            } else {
                answers.add(statusOf(caller, t, r.file()));
            }
        }
        SrmStatus status = RequestStatus.ofStatusCall(answers, TransferFile::status, SrmStatus.SRM_SUCCESS);
        return new TransferResult(token, status, explanation(answers, status), answers, remaining(t));
    }

    private TransferFile statusOf(Caller caller, RequestToken t, TokenFile f) {
        if (f.isRefused() || f.uploadName().isEmpty()) {
            SrmException e = refusal(f);
            return TransferFile.failed(f.surl(), e.status(), e.getMessage());
        }
        try {
            SrmPath upload = uploadOf(f);
            if (landing.isAborted(caller.account(), upload)) {
                return TransferFile.failed(f.surl(), SrmStatus.SRM_ABORTED, "the put was aborted");
            }
            if (landing.landedBefore(caller.account(), upload, f.path(), t.issued())) {
                long size = landing.statIfExists(caller.account(), f.path()).map(FileStat::size).orElse(0L);
                return new TransferFile(f.surl(), SrmStatus.SRM_SUCCESS, null, null, size, null);
            }
            return new TransferFile(f.surl(), SrmStatus.SRM_SPACE_AVAILABLE, null, transfers.turl(f.node(), upload,
                    new TurlGrant(caller, Access.CREATE, t.expires())),
                    f.expectedSize(), remaining(t));
        } catch (SrmException e) {
            return TransferFile.failed(f.surl(), e.status(), e.getMessage());
        }
    }

    @Override
    public List<FileOutcome> putDone(Caller caller, String token, List<String> subset) throws SrmException {
        RequestToken t = tokens.decode(token, TokenKind.PUT, caller.dn(), clock.instant());
        List<FileOutcome> out = new ArrayList<>();
        for (RequestedFiles.Requested r : RequestedFiles.of(t, subset, surls)) {
            if (r.file() == null) {
                out.add(r.notInRequest());
                continue;
            }
            try {
                finish(caller, t, r.file());
                out.add(FileOutcome.ok(r.surl()));
            } catch (SrmException e) {
                out.add(FileOutcome.failed(r.surl(), e));
            }
        }
        return out;
    }

    private void finish(Caller caller, RequestToken t, TokenFile f) throws SrmException {
        if (f.isRefused() || f.uploadName().isEmpty()) {
            throw refusal(f);
        }
        landing.land(caller.account(), uploadOf(f), f.path(), f.expectedSize(), t.overwrite(), t.issued(),
                t.expires(), f.surl());
    }

    /**
     * Aborts puts: each upload is removed at once and replaced, in the staging area, by an empty directory of the
     * same name, a tombstone that a late GridFTP transfer cannot write over and that makes status and srmPutDone
     * answer SRM_ABORTED; the janitor removes it when the request expires. The target's directory keeps nothing.
     * (An upload beside its target, from a token of an earlier version, is removed and gets no tombstone.)
     */
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        RequestToken t = tokens.decode(token, TokenKind.PUT, caller.dn(), clock.instant());
        List<FileOutcome> out = new ArrayList<>();
        for (RequestedFiles.Requested r : RequestedFiles.of(t, subset, surls)) {
            TokenFile f = r.file();
            if (f == null) {
                out.add(r.notInRequest());
                continue;
            }
            try {
                if (!f.isRefused() && !f.uploadName().isEmpty()) {
                    landing.abort(caller.account(), uploadOf(f), t.expires());
                }
                out.add(FileOutcome.ok(r.surl()));
            } catch (SrmException e) {
                out.add(FileOutcome.failed(r.surl(), e));
            }
        }
        return out;
    }

    /**
     * Aborts the caller's open put to {@code target}, if this server knows of one: what srmRm of a target that is
     * being uploaded does (as in dCache), so that a copy retried after its client was killed is not refused
     * {@code SRM_FILE_BUSY} until the stale put expires.
     *
     * @return whether there was such a put
     */
    @Override
    public boolean abortOpenPut(Caller caller, SrmPath target) throws SrmException {
        Optional<SrmPath> upload = janitor.uploadOf(target, caller.account());
        Optional<Instant> expires = upload.flatMap(janitor::expiryOf);
        if (expires.isEmpty()) {
            return false;
        }
        landing.abort(caller.account(), upload.get(), expires.get());
        LOG.info("open put to {} aborted by srmRm of its target", target);
        return true;
    }

    private int remaining(RequestToken t) {
        return (int) Math.max(0, Duration.between(clock.instant(), t.expires()).toSeconds());
    }

    static String explanation(List<TransferFile> files, SrmStatus status) {
        if (status.isSuccess()) {
            return null;
        }
        return files.stream().filter(f -> !f.status().isSuccess()).map(TransferFile::explanation)
                .filter(e -> e != null).findFirst().orElse(null);
    }
}

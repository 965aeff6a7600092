package org.opensrm.core.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.gateway.TokenKind;
import org.opensrm.core.gateway.RequestToken;
import org.opensrm.core.gateway.TokenCodec;
import org.opensrm.core.gateway.TokenFile;

/**
 * Gets and bring-online in gateway mode: files on disk are online at once, so srmPrepareToGet answers with a
 * TURL immediately and srmBringOnline with success; status calls re-check the files against the signed token.
 * A file refused when the request was made keeps its refusal (the token carries it); a released file is
 * {@code SRM_RELEASED}.
 */
public final class GatewayGetService implements GetService {
    private final StorageBackend backend;
    private final SurlParser surls;
    private final Transfers transfers;
    private final TokenCodec tokens;
    private final Duration lifetime;
    private final ReleasedFiles released;
    private final Clock clock;

    public GatewayGetService(StorageBackend backend, SurlParser surls, Transfers transfers, TokenCodec tokens,
                      Duration lifetime, ReleasedFiles released, Clock clock) {
        this.released = released;
        this.backend = backend;
        this.surls = surls;
        this.transfers = transfers;
        this.tokens = tokens;
        this.lifetime = lifetime;
        this.clock = clock;
    }

    @Override
    public TransferResult prepare(Caller caller, org.opensrm.core.RequestKind requestKind, GetRequest request)
            throws SrmException {
        TokenKind kind = tokenKind(requestKind);
        List<String> surlList = request.surls();
        List<String> protocols = request.protocols();
        Duration desired = request.pinLifetime().orElse(null);
        NamespaceService.requireSurls(surlList);
        Instant now = clock.instant();
        Duration life = desired == null || desired.isZero() || desired.compareTo(lifetime) > 0 ? lifetime : desired;
        SrmException protocolError = null;
        if (kind == TokenKind.GET) {
            try {
                transfers.requireOffered(protocols);
            } catch (SrmException e) {
                protocolError = e;
            }
        }
        List<TokenFile> entries = new ArrayList<>();
        List<TransferFile> answers = new ArrayList<>();
        for (String surl : surlList) {
            SrmPath path = SrmPath.ROOT;
            String node = "";
            try {
                path = surls.parse(surl, caller, Access.READ);
                if (protocolError != null) {
                    throw protocolError;
                }
                if (kind == TokenKind.GET) {
                    node = transfers.choose(protocols);
                }
            } catch (SrmException e) {
                entries.add(TokenFile.refused(surl, path, 0, e.status()));
                answers.add(TransferFile.failed(surl, e.status(), e.getMessage()));
                continue;
            }
            TokenFile f = new TokenFile(surl, path, "", 0, node);
            TransferFile answer = check(caller, kind, f, (int) life.toSeconds(), now.plus(life));
            entries.add(answer.status().isSuccess() ? f : TokenFile.refused(surl, path, 0, answer.status()));
            answers.add(answer);
        }
        RequestToken t = new RequestToken(kind, TokenCodec.digestOf(caller.dn()), now, now.plus(life), false,
                java.util.Optional.empty(), entries);
        SrmStatus status = protocolError != null ? SrmStatus.SRM_NOT_SUPPORTED
                : RequestStatus.of(answers, TransferFile::status, SrmStatus.SRM_SUCCESS);
        return new TransferResult(tokens.encode(t), status, GatewayPutService.explanation(answers, status), answers,
                (int) life.toSeconds());
    }

    @Override
    public TransferResult status(Caller caller, org.opensrm.core.RequestKind requestKind, String token,
                                 List<String> subset) throws SrmException {
        TokenKind kind = tokenKind(requestKind);
        RequestToken t = tokens.decode(token, kind, caller.dn(), clock.instant());
        int left = (int) Math.max(0, Duration.between(clock.instant(), t.expires()).toSeconds());
        List<TransferFile> answers = new ArrayList<>();
        for (RequestedFiles.Requested r : RequestedFiles.of(t, subset, surls)) {
            if (r.file() == null) {
                FileOutcome o = r.notInRequest();
                answers.add(TransferFile.failed(o.surl(), o.status(), o.explanation()));
            } else if (released.isReleased(token, r.file().path())) {
                answers.add(TransferFile.failed(r.surl(), SrmStatus.SRM_RELEASED, null));
            } else {
                answers.add(check(caller, kind, r.file(), left, t.expires()));
            }
        }
        SrmStatus status = RequestStatus.ofStatusCall(answers, TransferFile::status, SrmStatus.SRM_SUCCESS);
        return new TransferResult(token, status, GatewayPutService.explanation(answers, status), answers, left);
    }

    /** Validates a get or bring-online token (release, abort, extend); the files are not touched on disk. */
    public RequestToken verify(Caller caller, String token) throws SrmException {
        RequestToken t = tokens.verify(token);
        if (t.kind() == TokenKind.PUT) {
            throw SrmException.invalidRequest("request token belongs to a put request");
        }
        return tokens.decode(token, t.kind(), caller.dn(), clock.instant());
    }

    private static TokenKind tokenKind(org.opensrm.core.RequestKind kind) {
        return switch (kind) {
            case GET -> TokenKind.GET;
            case BRING_ONLINE -> TokenKind.BRING_ONLINE;
            default -> throw new IllegalArgumentException(kind + " is not a get");
        };
    }

    private TransferFile check(Caller caller, TokenKind kind, TokenFile f, int remaining, Instant expires) {
        if (f.isRefused() || (kind == TokenKind.GET && f.node().isEmpty())) {
            SrmStatus code = f.isRefused() ? f.refusal() : SrmStatus.SRM_FAILURE;
            return TransferFile.failed(f.surl(), code, "this file was refused when the request was made (" + code + ")");
        }
        try {
            FileStat stat = ReadableFiles.require(backend, caller.account(), f.path());
            if (kind == TokenKind.BRING_ONLINE) {
                return new TransferFile(f.surl(), SrmStatus.SRM_SUCCESS, null, null, stat.size(), remaining);
            }
            return new TransferFile(f.surl(), SrmStatus.SRM_FILE_PINNED, null, transfers.turl(f.node(), f.path(),
                    new TurlGrant(caller, Access.READ, expires)),
                    stat.size(), remaining);
        } catch (SrmException e) {
            return TransferFile.failed(f.surl(), e.status(), e.getMessage());
        }
    }
}

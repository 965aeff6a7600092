package org.opensrm.core.service;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.backend.StorageBackend;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.gateway.TokenKind;
import org.opensrm.core.gateway.RequestToken;
import org.opensrm.core.gateway.TokenCodec;

/**
 * The calls that act on a request by its token whatever its kind: srmAbortRequest, srmAbortFiles,
 * srmReleaseFiles and srmExtendFileLifeTime. Aborting a put removes its uploads; gets hold no pins on disk, so
 * releasing or aborting them changes nothing but is checked all the same.
 */
public final class GatewayRequestControl implements RequestControl {
    private final GatewayPutService puts;
    private final StorageBackend backend;
    private final SurlParser surls;
    private final TokenCodec tokens;
    private final Duration pinLifetime;
    private final ReleasedFiles released;
    private final Clock clock;

    public GatewayRequestControl(GatewayPutService puts, StorageBackend backend, SurlParser surls, TokenCodec tokens,
                          Duration pinLifetime, ReleasedFiles released, Clock clock) {
        this.released = released;
        this.puts = puts;
        this.backend = backend;
        this.surls = surls;
        this.tokens = tokens;
        this.pinLifetime = pinLifetime;
        this.clock = clock;
    }

    @Override
    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        RequestToken t = owned(caller, token);
        if (t.kind() == TokenKind.PUT) {
            return puts.abort(caller, token, subset);
        }
        return outcomes(t, subset);
    }

    @Override
    public List<FileOutcome> release(Caller caller, String token, List<String> surlList) throws SrmException {
        if (token != null && !token.isBlank()) {
            RequestToken t = owned(caller, token);
            if (t.kind() == TokenKind.PUT) {
                throw SrmException.invalidRequest("srmReleaseFiles does not apply to a put request");
            }
            List<FileOutcome> out = outcomes(t, surlList);
            for (RequestedFiles.Requested r : RequestedFiles.of(t, surlList, surls)) {
                if (r.file() != null && !r.file().isRefused()) {
                    released.release(token, r.file().path(), t.expires());
                }
            }
            return out;
        }
        NamespaceService.requireSurls(surlList);
        List<FileOutcome> out = new ArrayList<>();
        for (String surl : surlList) {
            try {
                backend.stat(caller.account(), surls.parse(surl, caller, Access.READ));
                out.add(FileOutcome.ok(surl));
            } catch (SrmException e) {
                out.add(FileOutcome.failed(surl, e));
            }
        }
        return out;
    }

    /**
     * Lifetimes granted per SURL (SRM v2.2, GFD.129 &sect;5.16): files are permanent (-1). With a request token,
     * the pin (or, for a put, the TURL) lifetime granted is the one asked, capped by what is left of the request,
     * which a signed token cannot outlive; a SURL that is not part of the request is {@code SRM_INVALID_PATH}.
     */
    @Override
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surlList, Integer newPinSeconds)
            throws SrmException {
        NamespaceService.requireSurls(surlList);
        RequestToken t = token != null && !token.isBlank() ? owned(caller, token) : null;
        Integer pin = null;
        if (t != null) {
            long left = Math.max(0, Duration.between(clock.instant(), t.expires()).toSeconds());
            long asked = newPinSeconds == null || newPinSeconds <= 0 ? left : newPinSeconds;
            pin = (int) Math.min(Math.min(asked, left), pinLifetime.toSeconds());
        }
        List<ExtendedLifetime> out = new ArrayList<>();
        for (String surl : surlList) {
            try {
                SrmPath path = surls.parse(surl, caller, Access.READ);
                if (t != null && t.file(path).isEmpty()) {
                    throw SrmException.invalidPath(surl + " is not part of this request");
                }
                backend.stat(caller.account(), path);
                out.add(new ExtendedLifetime(surl, SrmStatus.SRM_SUCCESS, null, -1, pin));
            } catch (SrmException e) {
                out.add(new ExtendedLifetime(surl, e.status(), e.getMessage(), null, null));
            }
        }
        return out;
    }

    private RequestToken owned(Caller caller, String token) throws SrmException {
        RequestToken t = tokens.verify(token);
        return tokens.decode(token, t.kind(), caller.dn(), clock.instant());
    }

    private List<FileOutcome> outcomes(RequestToken t, List<String> subset) {
        List<FileOutcome> out = new ArrayList<>();
        for (RequestedFiles.Requested r : RequestedFiles.of(t, subset, surls)) {
            out.add(r.file() == null ? r.notInRequest() : FileOutcome.ok(r.surl()));
        }
        return out;
    }

}

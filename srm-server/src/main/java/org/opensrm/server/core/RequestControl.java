package org.opensrm.server.core;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.token.RequestKind;
import org.opensrm.server.token.RequestToken;
import org.opensrm.server.token.TokenCodec;

/**
 * The calls that act on a request by its token whatever its kind: srmAbortRequest, srmAbortFiles,
 * srmReleaseFiles and srmExtendFileLifeTime. Aborting a put removes its uploads; gets hold no pins on disk, so
 * releasing or aborting them changes nothing but is checked all the same.
 */
public final class RequestControl {
    private final PutService puts;
    private final StorageBackend backend;
    private final SurlParser surls;
    private final TokenCodec tokens;
    private final Duration pinLifetime;
    private final Clock clock;

    public RequestControl(PutService puts, StorageBackend backend, SurlParser surls, TokenCodec tokens,
                          Duration pinLifetime, Clock clock) {
        this.puts = puts;
        this.backend = backend;
        this.surls = surls;
        this.tokens = tokens;
        this.pinLifetime = pinLifetime;
        this.clock = clock;
    }

    public List<FileOutcome> abort(Caller caller, String token, List<String> subset) throws SrmException {
        RequestToken t = owned(caller, token);
        if (t.kind() == RequestKind.PUT) {
            return puts.abort(caller, token, subset);
        }
        return outcomes(t, subset);
    }

    public List<FileOutcome> release(Caller caller, String token, List<String> surlList) throws SrmException {
        if (token != null && !token.isBlank()) {
            RequestToken t = owned(caller, token);
            if (t.kind() == RequestKind.PUT) {
                throw SrmException.invalidRequest("srmReleaseFiles does not apply to a put request");
            }
            return outcomes(t, surlList);
        }
        NamespaceService.requireSurls(surlList);
        List<FileOutcome> out = new ArrayList<>();
        for (String surl : surlList) {
            try {
                backend.stat(caller.account(), surls.parse(surl));
                out.add(FileOutcome.ok(surl));
            } catch (SrmException e) {
                out.add(FileOutcome.failed(surl, e));
            }
        }
        return out;
    }

    /** Lifetimes granted per SURL: files are permanent (-1); pins last at most the configured lifetime. */
    public List<ExtendedLifetime> extend(Caller caller, String token, List<String> surlList, Integer newPinSeconds)
            throws SrmException {
        NamespaceService.requireSurls(surlList);
        if (token != null && !token.isBlank()) {
            owned(caller, token);
        }
        int pin = newPinSeconds == null ? 0 : (int) Math.min(newPinSeconds, pinLifetime.toSeconds());
        List<ExtendedLifetime> out = new ArrayList<>();
        for (String surl : surlList) {
            try {
                backend.stat(caller.account(), surls.parse(surl));
                out.add(new ExtendedLifetime(surl, SrmStatus.SRM_SUCCESS, null, -1, token == null ? null : pin));
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

    /** srmExtendFileLifeTime's answer for one SURL. */
    public record ExtendedLifetime(String surl, SrmStatus status, String explanation, Integer fileLifetime,
                                   Integer pinLifetime) {
    }
}

package org.opensrm.core.service;

import java.util.ArrayList;
import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.gateway.RequestToken;
import org.opensrm.core.gateway.TokenFile;

/**
 * The files a call on an existing request is about: all of the request's files when the client named none,
 * otherwise those it named, each matched to the request by its namespace path. A named SURL that is not part of
 * the request fails on its own, never the whole call.
 */
final class RequestedFiles {
    /** One named SURL and its file in the request, or null when the request has no such file. */
    record Requested(String surl, TokenFile file) {
        FileOutcome notInRequest() {
            return new FileOutcome(surl, SrmStatus.SRM_INVALID_PATH, surl + " is not part of this request");
        }
    }

    private RequestedFiles() {
    }

    static List<Requested> of(RequestToken token, List<String> named, SurlParser surls) {
        List<Requested> out = new ArrayList<>();
        if (named == null || named.isEmpty()) {
            token.files().forEach(f -> out.add(new Requested(f.surl(), f)));
            return out;
        }
        for (String surl : named) {
            try {
                SrmPath p = surls.parse(surl);
                out.add(new Requested(surl, token.file(p).orElse(null)));
            } catch (SrmException e) {
                out.add(new Requested(surl, null));
            }
        }
        return out;
    }
}

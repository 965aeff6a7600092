package org.opensrm.transport.internal;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.opensrm.transport.Peers;

/**
 * When client certificates are optional (bearer tokens on): answers a request that has neither a certificate nor
 * a bearer token with HTTP 401 and {@code WWW-Authenticate: Bearer} (RFC 6750 section 3), before any servlet
 * sees it. A WLCG HTTP client (davix, gfal2) reads that challenge as "send a token"; nothing anonymous is served.
 * Whether a token that is present is valid is the authorization chain's decision, answered in SRM terms.
 */
final class CredentialRequired extends Handler.Wrapper {
    static final String CHALLENGE = "Bearer realm=\"srm\"";

    CredentialRequired(Handler next) {
        super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (request.getAttribute(Peers.IDENTITY_ATTRIBUTE) != null) {
            return super.handle(request, response, callback);
        }
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, CHALLENGE);
        Response.writeError(request, response, callback, HttpStatus.UNAUTHORIZED_401,
                "a client certificate or an Authorization: Bearer token is required");
        return true;
    }
}

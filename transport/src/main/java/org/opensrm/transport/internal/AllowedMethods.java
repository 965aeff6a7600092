package org.opensrm.transport.internal;

import java.util.Set;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Answers 405 to every method but GET, HEAD and POST on every path, before any servlet sees the request. SOAP
 * needs POST (GET and HEAD serve the WSDL and probes); TRACE in particular would otherwise be echoed, headers and
 * all, by the servlet container's default servlet on paths outside the SRM mapping.
 */
final class AllowedMethods extends Handler.Wrapper {
    static final Set<String> ALLOWED = Set.of("GET", "HEAD", "POST");
    static final String ALLOW = "GET, HEAD, POST";

    AllowedMethods(Handler next) {
        super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (ALLOWED.contains(request.getMethod())) {
            return super.handle(request, response, callback);
        }
        response.getHeaders().put(HttpHeader.ALLOW, ALLOW);
        Response.writeError(request, response, callback, HttpStatus.METHOD_NOT_ALLOWED_405);
        return true;
    }
}

package org.opensrm.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.opensrm.authz.ClientIdentity;

/** Answers with what it saw: the client's identity, the path and the body. */
final class EchoServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    final transient AtomicInteger calls = new AtomicInteger();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        calls.incrementAndGet();
        String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String dn = Peers.identity(request).map(ClientIdentity::dn).orElse("-");
        String issuer = Peers.identity(request).map(ClientIdentity::issuerDn).orElse("-");
        String fqans = Peers.identity(request).map(id -> String.join(",", id.fqans())).orElse("-");
        String rejected = Peers.identity(request).flatMap(id -> id.vomsRejected()).orElse("");
        String answer = "dn=" + dn + "\nissuer=" + issuer + "\nfqans=" + fqans + "\nvomsRejected=" + rejected
                + "\nbearer=" + Peers.identity(request).flatMap(ClientIdentity::bearer).map(t -> t.text()).orElse("-")
                + "\ndelegated=" + Peers.delegatedCredential(request)
                        .map(c -> c.dn() + " chain " + c.chain().size()).orElse("-")
                + "\nmethod=" + request.getMethod()
                + "\npath=" + request.getServletPath() + "\nuri=" + request.getRequestURI() + "\nbody=" + body;
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/plain");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}

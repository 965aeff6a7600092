package org.opensrm.transport.internal;

import java.util.List;

import javax.net.ssl.SSLContext;

import jakarta.servlet.http.HttpServlet;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpCompliance.Violation;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.ee10.servlet.ServletMapping;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.italiangrid.voms.ac.VOMSACValidator;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.transport.TransportConfig;

import eu.emi.security.authn.x509.X509CertChainValidator;

/**
 * Wires the Jetty connector: connection limits and handshake deadline → TLS → GSI byte (and delegation) → HTTP/1.1, and the
 * servlet mapping behind the allowed methods.
 */
public final class JettyAssembly {
    /** Request head limit when bearer tokens are on: a 16 KiB token, an oversize one, and the usual headers. */
    static final int BEARER_HEADER_BYTES = 40 * 1024;

    private JettyAssembly() {
    }

    /**
     * @param validator   the handshake's chain validator, also applied to delegated chains
     * @param credentials where credentials delegated by clients go
     */
    public static ServerConnector connector(Server server, TransportConfig config, SSLContext sslContext,
            VOMSACValidator voms, X509CertChainValidator validator, DelegatedCredentials credentials) {
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setSslContext(sslContext);
        if (config.bearerTokens()) {
            tls.setWantClientAuth(true); // HTTPS clients with a bearer token present no certificate
        } else {
            tls.setNeedClientAuth(true);
        }
        tls.setIncludeProtocols("TLSv1.3", "TLSv1.2");
        tls.setSniRequired(false);
        tls.setRenegotiationAllowed(false);

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        // No per-connection header cache: Jetty's default (1,024 entries) gives every kept-alive connection a
        // ~100 KiB lookup table after its first request, 1 GiB of heap for 10,000 connections. SRM requests carry
        // five or six short headers; parsing them without the cache costs no measurable CPU.
        http.setHeaderCacheSize(0);
        if (config.bearerTokens()) {
            // room for the largest bearer token the token mapper takes (16 KiB by default) beside the other
            // headers; a longer one reaches the mapper and is refused there with an audit line, not a bare 431
            http.setRequestHeaderSize(BEARER_HEADER_BYTES);
        }
        http.setSecureScheme("https");
        http.setSecurePort(config.port());
        // ARC sends the absolute form "POST httpg://host:port/srm/managerv2"; its authority need not match Host
        http.setHttpCompliance(HttpCompliance.RFC9110.with("RFC9110+httpg", Violation.MISMATCHED_AUTHORITY));
        HandshakeDeadline deadline = new HandshakeDeadline(config.handshakeTimeout(), config.handshakeTotalTimeout());
        http.addCustomizer(deadline); // first: a complete request head meets the deadline
        // clients connect by IP address or alias: no SNI requirement, no SNI/Host check
        http.addCustomizer(new SecureRequestCustomizer(false, false, -1, false));
        http.addCustomizer(new IdentityCustomizer(new IdentityResolver(voms), config.bearerTokens(),
                credentials));

        HttpConnectionFactory http11 = new HttpConnectionFactory(http);
        GsiConnectionFactory gsi = new GsiConnectionFactory(http11.getProtocol(), validator, credentials);
        SslConnectionFactory ssl = new SslConnectionFactory(tls, gsi.getProtocol());
        ConnectionLimitFactory limit = new ConnectionLimitFactory(config.maxConnections(),
                config.maxConnectionsPerAddress(), deadline, ssl.getProtocol());

        // its end points tell the handshake deadline when a connection waits for its peer, and when for the server
        // and the acceptors wait while as many handshakes as the pool has threads are owed the server's work
        ServerConnector connector = new ClockedServerConnector(server, new HandshakeGate(config.threadsMax()),
                config.acceptors(), config.selectors(), limit, ssl, gsi, http11);
        connector.setHost(config.host());
        connector.setPort(config.port());
        connector.setAcceptQueueSize(config.acceptQueue());
        connector.setIdleTimeout(config.idleTimeout().toMillis());
        return connector;
    }

    /**
     * What the server serves: {@code context} behind {@link AllowedMethods} and, when bearer tokens are on,
     * {@link CredentialRequired}.
     */
    public static Handler handler(ServletContextHandler context, TransportConfig config) {
        Handler served = config.bearerTokens() ? new CredentialRequired(context) : context;
        return new AllowedMethods(served);
    }

    /** Maps one servlet instance (initialised once) at every path. */
    public static void mapServlet(ServletContextHandler context, HttpServlet servlet, List<String> paths) {
        ServletHolder holder = new ServletHolder("srm", servlet);
        holder.setAsyncSupported(true); // a servlet may suspend requests (the SRM servlet does while they queue)
        context.getServletHandler().addServlet(holder);
        ServletMapping mapping = new ServletMapping();
        mapping.setServletName(holder.getName());
        mapping.setPathSpecs(paths.toArray(new String[0]));
        context.getServletHandler().addServletMapping(mapping);
    }
}

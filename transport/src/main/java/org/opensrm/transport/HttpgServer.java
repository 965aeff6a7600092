package org.opensrm.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.http.HttpServlet;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.italiangrid.voms.ac.VOMSACValidator;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.transport.internal.ConnectionLimitFactory;
import org.opensrm.transport.internal.HostKeyManager;
import org.opensrm.transport.internal.JettyAssembly;
import org.opensrm.transport.internal.TrustFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import eu.emi.security.authn.x509.impl.OpensslCertChainValidator;

/**
 * The SRM listener: one port that speaks GSI "httpg" (TLS with a client certificate or proxy chain, then the
 * GSI byte {@code '0'}, then HTTP/1.1 keep-alive) and plain HTTPS with client authentication, serving one servlet
 * at the given paths. Client chains are validated at the handshake against {@code caDir} (CAs, signing policies,
 * CRLs); the host credential, CAs and CRLs are re-read when they change, without restart. The servlet finds the
 * client with {@link Peers#identity}. At most {@link TransportConfig#maxConnections()} connections are served at
 * once, and at most {@link TransportConfig#maxConnectionsPerAddress()} from one client address; one beyond is closed
 * as soon as it is accepted, before its TLS handshake, and counted in {@link #stats()}. A connection that has not
 * sent the complete head of its first request after {@link TransportConfig#handshakeTimeout()} of the server's
 * waiting for it (time its bytes waited for the server's threads is not counted), or within
 * {@link TransportConfig#handshakeTotalTimeout()} of its accept, is closed and counted too. Methods other than GET, HEAD and POST are answered 405 on every path.
 *
 * <p>GSI delegation: a client that sends {@code 'D'} instead of {@code '0'} delegates a proxy credential (the server
 * sends a certificate request, the client returns the proxy it signed); the server validates it like a handshake
 * chain, keeps it in memory in {@link #delegatedCredentials()} while the connection is open (and while a lease holds
 * it), and requests on the connection find it with {@link Peers#delegatedCredential}. Expired ones are purged every
 * {@link TransportConfig#credentialRefresh()}.
 *
 * <p>TLS 1.3 and Globus clients: the Globus GSSAPI client reads exactly one post-handshake record (the
 * NewSessionTicket) before it sends its GSI byte, so the server must send exactly one ticket. JDK 17's JSSE
 * sends {@code jdk.tls.server.newSessionTicketCount} tickets (system property, default 1, read once per JVM)
 * after a full handshake, provided the session is resumable, the session timeout is at most 7 days (here at
 * most 10 minutes) and the client offers psk_dhe_ke (OpenSSL clients do). Nothing here may call
 * {@code SSLSession.putValue}/{@code removeValue}: in TLS 1.3 JSSE answers each with one more ticket on the wire.
 * {@link #start()} warns when the property is set to anything but 1. Verified on the wire by
 * {@code CredentialRefreshTest.tls13SendsExactlyOneSessionTicket}.
 */
public final class HttpgServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpgServer.class);
    private static final String TICKET_COUNT_PROPERTY = "jdk.tls.server.newSessionTicketCount";

    private final TransportConfig config;
    private final HttpServlet servlet;
    private final List<String> paths;
    private final DelegatedCredentials delegated;
    private Server server;
    private ServerConnector connector;
    private OpensslCertChainValidator validator;
    private VOMSACValidator voms;
    private ScheduledExecutorService refresher;

    /** @param paths servlet mappings, e.g. {@code /srm/managerv2}, {@code /srm/v2/server} */
    public HttpgServer(TransportConfig config, HttpServlet servlet, List<String> paths) {
        this(config, servlet, paths, new DelegatedCredentials());
    }

    /**
     * @param delegated where the credentials clients delegate go (shared with the work that uses them, e.g. copies)
     */
    public HttpgServer(TransportConfig config, HttpServlet servlet, List<String> paths,
            DelegatedCredentials delegated) {
        this.delegated = Objects.requireNonNull(delegated, "delegated");
        this.config = Objects.requireNonNull(config, "config");
        this.servlet = Objects.requireNonNull(servlet, "servlet");
        this.paths = List.copyOf(paths);
        if (this.paths.isEmpty()) {
            throw new IllegalArgumentException("no servlet path");
        }
        for (String p : this.paths) {
            if (!p.startsWith("/")) {
                throw new IllegalArgumentException("servlet path must start with '/': " + p);
            }
        }
    }

    /**
     * Binds the port and starts serving.
     *
     * @throws IOException naming the file when the host certificate, host key or CA directory is missing,
     *                     unreadable or unparseable
     * @throws Exception   when Jetty cannot start (e.g. the port is taken)
     */
    public synchronized void start() throws Exception {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        String tickets = System.getProperty(TICKET_COUNT_PROPERTY);
        if (tickets != null && !tickets.trim().equals("1")) {
            LOG.warn("{}={}: TLS 1.3 Globus clients (gfal2, ARC) need exactly one session ticket; unset it",
                    TICKET_COUNT_PROPERTY, tickets);
        }
        requireReadableFile(config.hostCert(), "host certificate");
        requireReadableFile(config.hostKey(), "host key");
        requireReadableDirectory(config.caDir(), "CA directory");
        HostKeyManager keys = HostKeyManager.load(config.hostCert(), config.hostKey());
        validator = TrustFactory.validator(config.caDir(), config.credentialRefresh());
        voms = config.vomsDir() == null ? null : TrustFactory.voms(config.vomsDir(), validator);
        try {
            QueuedThreadPool pool = new QueuedThreadPool(config.threadsMax(), config.threadsMin());
            pool.setName("httpg");
            server = new Server(pool);
            connector = JettyAssembly.connector(server, config, TrustFactory.sslContext(keys, validator, config),
                    voms, validator, delegated);
            server.addConnector(connector);
            server.setHandler(JettyAssembly.handler(servletContext(), config));
            server.start();
        } catch (Exception e) {
            close();
            throw e;
        }
        refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "httpg-credential-refresh");
            t.setDaemon(true);
            return t;
        });
        long period = config.credentialRefresh().toMillis();
        refresher.scheduleWithFixedDelay(keys::reloadIfChanged, period, period, TimeUnit.MILLISECONDS);
        refresher.scheduleWithFixedDelay(delegated::purgeExpired, period, period, TimeUnit.MILLISECONDS);
        LOG.info("httpg listening on {}:{} as {} (CA directory {}, paths {})", config.host(), port(),
                keys.certificate().getSubjectX500Principal().getName(), config.caDir(), paths);
    }

    /** The credentials clients delegated on this server's connections, by connection and by DN. */
    public DelegatedCredentials delegatedCredentials() {
        return delegated;
    }

    /** Threads and connections now; {@link TransportStats#NONE} before {@link #start()}. */
    public TransportStats stats() {
        Server s = server;
        ServerConnector c = connector;
        if (s == null || c == null || !(s.getThreadPool() instanceof QueuedThreadPool pool)) {
            return TransportStats.NONE;
        }
        ConnectionLimitFactory limit = c.getConnectionFactory(ConnectionLimitFactory.class);
        return new TransportStats(pool.getThreads(), pool.getBusyThreads(), pool.getIdleThreads(),
                pool.getQueueSize(), limit.open(), limit.refused(), limit.refusedPerAddress(),
                limit.handshakeTimeouts());
    }

    /** The bound port (the ephemeral one when configured with port 0); -1 before {@link #start()}. */
    public synchronized int port() {
        return connector == null ? -1 : connector.getLocalPort();
    }

    /** Stops serving and releases the port, threads and refresh timers. Idempotent. */
    @Override
    public synchronized void close() {
        if (refresher != null) {
            refresher.shutdownNow();
            refresher = null;
        }
        if (server != null) {
            try {
                server.stop();
            } catch (Exception e) {
                LOG.warn("error stopping the httpg server", e);
            }
            server = null;
            connector = null;
        }
        if (voms != null) {
            voms.shutdown();
            voms = null;
        }
        if (validator != null) {
            validator.dispose();
            validator = null;
        }
    }

    private ServletContextHandler servletContext() {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        JettyAssembly.mapServlet(context, servlet, paths);
        return context;
    }

    // Readability is checked by opening, not with Files.isReadable: access(2) does not count capabilities, so a
    // server running as an unprivileged account with CAP_DAC_OVERRIDE (the Debian package's unit) would refuse a
    // root-owned 0600 host key that it can read.
    private static void requireReadableFile(Path file, String what) throws IOException {
        if (!Files.exists(file)) {
            throw new IOException(what + " file " + file + " does not exist");
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(what + " file " + file + " is not a readable file");
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            in.read();
        } catch (IOException e) {
            throw new IOException(what + " file " + file + " is not a readable file: " + e.getMessage());
        }
    }

    private static void requireReadableDirectory(Path dir, String what) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(what + " " + dir + " does not exist or is not a directory");
        }
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.iterator().hasNext();
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            throw new IOException(what + " " + dir + " is not readable: " + e.getMessage());
        }
    }
}

package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.List;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

import org.opensrm.loadtest.LoadTestConfig;
import org.opensrm.loadtest.SrmEndpoint;

/**
 * Opens GSI "httpg" connections: TCP connect, TLS handshake presenting the proxy chain as client certificate,
 * then the single {@code '0'} byte (no delegation) when the endpoint is {@code httpg://}. Thread-safe; shared by
 * all clients of a run.
 */
public final class HttpgConnector {
    private final SrmEndpoint endpoint;
    private final KeyManager[] keyManagers;
    private final TrustManager[] trustManagers;
    private final boolean verifyHostName;
    private final boolean resumption;
    private final int timeoutMillis;
    private final SecureRandom random = new SecureRandom();
    private final SSLContext sharedContext;
    /** Connections being set up at once ({@link LoadTestConfig#maxHandshakes()}); null: no bound. */
    private final java.util.concurrent.Semaphore slots;

    private HttpgConnector(SrmEndpoint endpoint, PemFiles.KeyAndChain credential, TrustManager[] trustManagers,
                           boolean verifyHostName, boolean resumption, int timeoutMillis, int maxHandshakes)
            throws GeneralSecurityException {
        this.slots = maxHandshakes > 0 ? new java.util.concurrent.Semaphore(maxHandshakes, true) : null;
        this.endpoint = endpoint;
        this.keyManagers = new KeyManager[] {new ProxyKeyManager(credential)};
        this.trustManagers = trustManagers;
        this.verifyHostName = verifyHostName;
        this.resumption = resumption;
        this.timeoutMillis = timeoutMillis;
        this.sharedContext = newContext();
    }

    /** Reads the proxy file and CA directory named by the configuration. */
    public static HttpgConnector fromConfig(LoadTestConfig config) throws IOException, GeneralSecurityException {
        PemFiles.KeyAndChain credential = PemFiles.readProxyFile(config.proxyFile());
        TrustManager[] trust = config.insecureTrust()
                ? new TrustManager[] {new TrustAnythingManager()}
                : trustManagersFor(PemFiles.readTrustDir(config.caDir().orElseThrow()));
        return new HttpgConnector(config.endpoint(), credential, trust, !config.insecureTrust(),
                config.tlsResumption(), (int) Math.min(Integer.MAX_VALUE, config.requestTimeout().toMillis()),
                config.maxHandshakes());
    }

    public SrmEndpoint endpoint() {
        return endpoint;
    }

    /**
     * A connected, authenticated connection ready for HTTP requests.
     *
     * @param answers told how long the client took to answer the server's flights (the longest), on success
     * @throws ConnectFailure when the connection could not be set up, saying why as the client saw it
     */
    public HttpgConnection open(java.util.function.LongConsumer answers) throws ConnectFailure {
        if (slots == null) {
            return setUp(answers);
        }
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectFailure("interrupted while waiting for a handshake slot", 0,
                    new java.io.InterruptedIOException("stopped"));
        }
        try {
            return setUp(answers);
        } finally {
            slots.release();
        }
    }

    private HttpgConnection setUp(java.util.function.LongConsumer answers) throws ConnectFailure {
        HandshakeTrace trace = new HandshakeTrace();
        Socket tcp = new TracedSocket(trace);
        boolean connected = false;
        try {
            tcp.setTcpNoDelay(true);
            tcp.setSoTimeout(timeoutMillis);
            tcp.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), timeoutMillis);
            connected = true;
            trace.connected();
            SSLSocket tls = (SSLSocket) context().getSocketFactory()
                    .createSocket(tcp, endpoint.host(), endpoint.port(), true);
            tls.setUseClientMode(true);
            if (verifyHostName) {
                SSLParameters parameters = tls.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(parameters);
            }
            tls.startHandshake();
            OutputStream out = tls.getOutputStream();
            if (endpoint.gsiByte()) {
                out.write('0');
                out.flush();
            }
            answers.accept(trace.longestAnswerNanos());
            trace.finish();
            return new HttpgConnection(tls, endpoint);
        } catch (IOException e) {
            closeQuietly(tcp);
            throw new ConnectFailure(trace.reason(e, connected), trace.longestAnswerNanos(), e);
        } catch (RuntimeException e) {
            closeQuietly(tcp);
            throw e;
        }
    }

    /** {@link #open(java.util.function.LongConsumer)} without the answer times. */
    public HttpgConnection open() throws ConnectFailure {
        return open(nanos -> { });
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // being thrown away
        }
    }

    /** Without resumption every connection gets a fresh context, hence an empty session cache: a full handshake. */
    private SSLContext context() throws IOException {
        if (resumption) {
            return sharedContext;
        }
        try {
            return newContext();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot create TLS context: " + e.getMessage(), e);
        }
    }

    private SSLContext newContext() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers, trustManagers, random);
        return context;
    }

    private static TrustManager[] trustManagersFor(List<X509Certificate> anchors) throws GeneralSecurityException {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < anchors.size(); i++) {
                store.setCertificateEntry("ca" + i, anchors.get(i));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
            factory.init(store);
            return factory.getTrustManagers();
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
    }
}

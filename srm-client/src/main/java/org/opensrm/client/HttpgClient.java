package org.opensrm.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

import org.opensrm.client.internal.ClientCredential;
import org.opensrm.client.internal.ServerTrust;
import org.opensrm.client.internal.TlsContexts;

/**
 * The GSI "httpg" client: a TLS connection presenting a proxy chain as client certificate, then the GSI byte
 * ({@code '0'}, no delegation, by default) or GSI delegation ({@code 'D'}, {@link GsiDelegation}), then HTTP/1.1
 * with keep-alive (INTEROP.md). One client for every caller: srmCopy's SRM client ({@link HttpgSrmClient}), the
 * load tester, the tests. Nothing is hidden: the caller chooses every header, the byte and the request-line form,
 * and {@link #open} gives a connection before its handshake for tests of what a server does at each step.
 *
 * <p>Instances are immutable and thread-safe; the {@code with...}/{@code rawGsiByte}/{@code absoluteForm} methods
 * return copies. {@link #post} is one request on its own connection, {@link #keepAlive} a connection for several.
 * The credential and trust given as files are read again for every connection; those given in memory (or read by
 * {@link #trusting(Path)}) once. Without {@link #resumingSessions} every connection makes a full TLS handshake.
 */
public final class HttpgClient {
    /** The byte gfal2 and ARC send after the handshake: no delegation. */
    public static final byte NO_DELEGATION = '0';
    private static final int DEFAULT_TIMEOUT_MILLIS = 30_000;
    private static final long DEFAULT_MAX_ANSWER = 256L * 1024 * 1024;

    private final Settings s;

    /** A client presenting {@code proxyFile}, trusting the CA certificates ({@code *.0}) in {@code trustDir}. */
    public HttpgClient(Path proxyFile, Path trustDir) {
        this(new Settings(ClientCredential.file(Objects.requireNonNull(proxyFile, "proxyFile")),
                ServerTrust.directory(Objects.requireNonNull(trustDir, "trustDir"))));
    }

    private HttpgClient(Settings settings) {
        this.s = settings;
    }

    /** A client presenting {@code proxyFile} (or no client certificate if null) that accepts any server. */
    public static HttpgClient trustingAnyServer(Path proxyFile) {
        return new HttpgClient(new Settings(proxyFile == null ? null : ClientCredential.file(proxyFile),
                ServerTrust.ANY));
    }

    /**
     * A client without a credential yet, trusting the CA certificates ({@code *.0}, {@code *.1}, ...) of
     * {@code caDir}, read now.
     *
     * @throws IOException when the directory holds no readable CA certificate
     */
    public static HttpgClient trusting(Path caDir) throws IOException {
        return new HttpgClient(new Settings(null, ServerTrust.loaded(ServerTrust.directory(caDir).managers())));
    }

    /** A client without a credential yet, trusting {@code cas}. */
    public static HttpgClient trusting(X509Certificate... cas) throws IOException {
        return new HttpgClient(new Settings(null, ServerTrust.loaded(ServerTrust.certificates(List.of(cas)))));
    }

    /** Copy presenting {@code chain} (leaf first: the proxy, then its issuers) with the leaf's {@code key}. */
    public HttpgClient withCredential(PrivateKey key, List<X509Certificate> chain) {
        ClientCredential c = ClientCredential.of(key, chain);
        return copy(x -> x.credential = c, true);
    }

    /** Copy presenting the chain and key of an {@code X509_USER_PROXY} file, read now. */
    public HttpgClient withProxyFileRead(Path proxyFile) throws IOException {
        ClientCredential c = ClientCredential.loaded(ClientCredential.file(proxyFile));
        return copy(x -> x.credential = c, true);
    }

    /** Copy that accepts any server certificate (for tests of odd servers) when {@code trustAll}. */
    public HttpgClient withTrustAll(boolean trustAll) {
        return trustAll ? copy(x -> x.trust = ServerTrust.ANY, true) : copy(x -> x.trust = x.givenTrust, true);
    }

    /** Copy that sends {@code b} (e.g. {@code 'D'}) after the handshake instead of {@code '0'}. */
    public HttpgClient rawGsiByte(byte b) {
        return copy(x -> {
            x.gsiByte = b;
            x.delegation = null;
        }, false);
    }

    /** Copy that sends no byte after the handshake: plain HTTPS. */
    public HttpgClient noGsiByte() {
        return copy(x -> {
            x.gsiByte = null;
            x.delegation = null;
        }, false);
    }

    /** Copy whose request line is absolute-form, as ARC sends it: {@code POST httpg://host:port/path HTTP/1.1}. */
    public HttpgClient absoluteForm(boolean absolute) {
        return copy(x -> x.absoluteForm = absolute, false);
    }

    /** Copy with another socket read/connect timeout (default 30 s). */
    public HttpgClient withTimeoutMillis(int millis) {
        return copy(x -> x.timeoutMillis = millis, false);
    }

    /**
     * Copy that delegates, after the handshake, a proxy of its credential valid for {@code lifetime} (GSI delegation:
     * {@code 'D'}, the server's certificate request, the signed proxy and the client's chain), instead of sending a
     * GSI byte.
     */
    public HttpgClient delegating(Duration lifetime) {
        Objects.requireNonNull(lifetime, "lifetime");
        return copy(x -> {
            x.gsiByte = null;
            x.delegation = lifetime;
        }, false);
    }

    /** Copy that checks the server certificate's name against the host connected to (off by default). */
    public HttpgClient verifyingHostName(boolean verify) {
        return copy(x -> x.verifyHostName = verify, false);
    }

    /** Copy that offers only {@code protocols} (e.g. {@code TLSv1.2}); none: the JDK's defaults. */
    public HttpgClient withProtocols(String... protocols) {
        String[] p = protocols.length == 0 ? null : protocols.clone();
        return copy(x -> x.protocols = p, false);
    }

    /** Copy that connects from {@code address} (e.g. {@code 127.0.0.2}); null: the system's choice. */
    public HttpgClient from(InetAddress address) {
        return copy(x -> x.localAddress = address, false);
    }

    /** Copy that refuses answers with a body larger than {@code bytes} (default 256 MiB). */
    public HttpgClient withMaxAnswerBytes(long bytes) {
        return copy(x -> x.maxAnswerBytes = bytes, false);
    }

    /**
     * Copy whose connections share one TLS context, so that a server may resume their sessions (an abbreviated
     * handshake); the credential and trust are read now, once.
     */
    public HttpgClient resumingSessions() throws IOException {
        SSLContext shared = TlsContexts.create(s.credential, s.trust, s.random);
        return copy(x -> x.shared = shared, false);
    }

    /** One POST on a fresh connection, closed afterwards. */
    public HttpgResponse post(String host, int port, String path, Map<String, String> headers, byte[] body)
            throws IOException {
        try (HttpgConnection c = keepAlive(host, port)) {
            return c.post(path, headers, body);
        }
    }

    /** One GET on a fresh connection, closed afterwards. */
    public HttpgResponse get(String host, int port, String path, Map<String, String> headers) throws IOException {
        try (HttpgConnection c = keepAlive(host, port)) {
            return c.get(path, headers);
        }
    }

    /**
     * Opens one TLS connection, completes the handshake and sends the GSI byte or delegates; the returned
     * connection carries any number of requests until closed.
     */
    public HttpgConnection keepAlive(String host, int port) throws IOException {
        return keepAlive(host, port, new Socket());
    }

    /**
     * {@link #keepAlive(String, int)} over the given unconnected plain socket, which TLS is layered on: for a caller
     * that watches the bytes under TLS (the load tester's handshake trace). Closed on failure.
     */
    public HttpgConnection keepAlive(String host, int port, Socket unconnected) throws IOException {
        HttpgConnection c = open(host, port, unconnected);
        try {
            c.handshake();
            if (s.delegation != null) {
                ClientCredential.KeyAndChain own = s.credential == null ? null : s.credential.read();
                if (own == null) {
                    throw new IOException("delegation needs a credential");
                }
                c.delegate(own.key(), own.chain(), Instant.now().plus(s.delegation));
            } else if (s.gsiByte != null) {
                c.sendRaw(new byte[] {s.gsiByte});
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.closeQuietly();
            throw e;
        }
    }

    /**
     * Connects to {@code host:port} and stops before the TLS handshake (which {@link HttpgConnection#handshake}, or
     * the first byte sent, starts): nothing is sent. For tests of the server's side of each step.
     */
    public HttpgConnection open(String host, int port) throws IOException {
        return open(host, port, new Socket());
    }

    private HttpgConnection open(String host, int port, Socket tcp) throws IOException {
        try {
            SSLContext context = s.shared != null ? s.shared : TlsContexts.create(s.credential, s.trust, s.random);
            tcp.setTcpNoDelay(true);
            if (s.localAddress != null) {
                tcp.bind(new InetSocketAddress(s.localAddress, 0));
            }
            tcp.connect(new InetSocketAddress(host, port), s.timeoutMillis);
            tcp.setSoTimeout(s.timeoutMillis);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(tcp, host, port, true);
            tls.setUseClientMode(true);
            if (s.protocols != null) {
                tls.setEnabledProtocols(s.protocols);
            }
            if (s.verifyHostName) {
                SSLParameters parameters = tls.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(parameters);
            }
            return new HttpgConnection(tls, host, port, s.absoluteForm, s.maxAnswerBytes);
        } catch (IOException | RuntimeException e) {
            tcp.close();
            throw e;
        }
    }

    private HttpgClient copy(Consumer<Settings> change, boolean tlsChanged) {
        Settings c = s.copy();
        change.accept(c);
        if (tlsChanged) {
            c.shared = null;
        }
        if (c.trust != ServerTrust.ANY) {
            c.givenTrust = c.trust;
        }
        return new HttpgClient(c);
    }

    /** What a client is made of; copied, changed and frozen by each {@code with...} method. */
    private static final class Settings {
        ClientCredential credential;
        ServerTrust trust;
        /** The trust set before any {@link #withTrustAll}, restored by {@code withTrustAll(false)}. */
        ServerTrust givenTrust;
        Byte gsiByte = NO_DELEGATION;
        Duration delegation;
        boolean absoluteForm;
        int timeoutMillis = DEFAULT_TIMEOUT_MILLIS;
        boolean verifyHostName;
        String[] protocols;
        InetAddress localAddress;
        long maxAnswerBytes = DEFAULT_MAX_ANSWER;
        SSLContext shared;
        /** One per client and its copies: a new one per TLS context would be seeded again each time. */
        final SecureRandom random;

        Settings(ClientCredential credential, ServerTrust trust) {
            this(credential, trust, new SecureRandom());
        }

        private Settings(ClientCredential credential, ServerTrust trust, SecureRandom random) {
            this.credential = credential;
            this.trust = trust;
            this.givenTrust = trust;
            this.random = random;
        }

        Settings copy() {
            Settings c = new Settings(credential, trust, random);
            c.givenTrust = givenTrust;
            c.gsiByte = gsiByte;
            c.delegation = delegation;
            c.absoluteForm = absoluteForm;
            c.timeoutMillis = timeoutMillis;
            c.verifyHostName = verifyHostName;
            c.protocols = protocols;
            c.localAddress = localAddress;
            c.maxAnswerBytes = maxAnswerBytes;
            c.shared = shared;
            return c;
        }
    }
}

package org.opensrm.testkit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509TrustManager;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * A small raw GSI "httpg" client for tests: a TLS connection presenting an {@code X509_USER_PROXY} file's chain as
 * client certificate, then one GSI delegation byte ({@code '0'} by default, sent once per connection), then plain
 * HTTP/1.1 with keep-alive. Nothing is hidden: the caller chooses every header, the byte, and the request-line form.
 * With {@link #delegating} it delegates a proxy of its credential instead ({@code 'D'}, {@link GsiDelegation}).
 *
 * <p>Instances are immutable; the {@code with...}/{@code rawGsiByte}/{@code absoluteForm} methods return copies.
 * Use {@link #post} for one request on its own connection, or {@link #keepAlive} for several requests on one.
 */
public final class HttpgSoapClient {
    /** The byte gfal2 and ARC send after the handshake: no delegation. */
    public static final byte NO_DELEGATION = '0';

    private final Path proxyFile;
    private final Path trustDir;
    private final boolean trustAll;
    private final Byte gsiByte;
    private final boolean absoluteForm;
    private final int timeoutMillis;
    /** Lifetime of the proxy delegated after the handshake; null = no delegation. */
    private final java.time.Duration delegation;

    /** A client presenting {@code proxyFile}, trusting the CA certificates ({@code *.0}) in {@code trustDir}. */
    public HttpgSoapClient(Path proxyFile, Path trustDir) {
        this(Objects.requireNonNull(proxyFile, "proxyFile"), Objects.requireNonNull(trustDir, "trustDir"),
                false, NO_DELEGATION, false, 30_000, null);
    }

    private HttpgSoapClient(Path proxyFile, Path trustDir, boolean trustAll, Byte gsiByte, boolean absoluteForm,
            int timeoutMillis, java.time.Duration delegation) {
        this.proxyFile = proxyFile;
        this.trustDir = trustDir;
        this.trustAll = trustAll;
        this.gsiByte = gsiByte;
        this.absoluteForm = absoluteForm;
        this.timeoutMillis = timeoutMillis;
        this.delegation = delegation;
    }

    /** A client presenting {@code proxyFile} (or no client certificate if null) that accepts any server. */
    public static HttpgSoapClient trustingAnyServer(Path proxyFile) {
        return new HttpgSoapClient(proxyFile, null, true, NO_DELEGATION, false, 30_000, null);
    }

    /** Copy that accepts any server certificate (for tests of odd servers) when {@code trustAll}. */
    public HttpgSoapClient withTrustAll(boolean trustAll) {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, gsiByte, absoluteForm, timeoutMillis, delegation);
    }

    /** Copy that sends {@code b} (e.g. {@code 'D'}) after the handshake instead of {@code '0'}. */
    public HttpgSoapClient rawGsiByte(byte b) {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, b, absoluteForm, timeoutMillis, delegation);
    }

    /** Copy that sends no byte after the handshake: plain HTTPS. */
    public HttpgSoapClient noGsiByte() {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, null, absoluteForm, timeoutMillis, delegation);
    }

    /** Copy whose request line is absolute-form, as ARC sends it: {@code POST httpg://host:port/path HTTP/1.1}. */
    public HttpgSoapClient absoluteForm(boolean absolute) {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, gsiByte, absolute, timeoutMillis, delegation);
    }

    /** Copy with another socket read/connect timeout (default 30 s). */
    public HttpgSoapClient withTimeoutMillis(int millis) {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, gsiByte, absoluteForm, millis, delegation);
    }

    /**
     * Copy that delegates, after the handshake, a proxy of its credential valid for {@code lifetime} (GSI delegation:
     * {@code 'D'}, the server's certificate request, the signed proxy and the client's chain), instead of sending a
     * GSI byte.
     */
    public HttpgSoapClient delegating(java.time.Duration lifetime) {
        return new HttpgSoapClient(proxyFile, trustDir, trustAll, null, absoluteForm, timeoutMillis,
                Objects.requireNonNull(lifetime, "lifetime"));
    }

    /** One POST on a fresh connection, closed afterwards. */
    public Response post(String host, int port, String path, Map<String, String> headers, byte[] body)
            throws IOException {
        try (Connection c = keepAlive(host, port)) {
            return c.post(path, headers, body);
        }
    }

    /** One GET on a fresh connection, closed afterwards. */
    public Response get(String host, int port, String path, Map<String, String> headers) throws IOException {
        try (Connection c = keepAlive(host, port)) {
            return c.get(path, headers);
        }
    }

    /**
     * Opens one TLS connection, completes the handshake and sends the GSI byte (if any); the returned connection
     * carries any number of requests until closed.
     */
    public Connection keepAlive(String host, int port) throws IOException {
        ProxyKeyManager credential = proxyFile == null ? null : readCredential();
        SSLContext context = sslContext(credential);
        Socket plain = new Socket();
        try {
            plain.connect(new InetSocketAddress(host, port), timeoutMillis);
            plain.setSoTimeout(timeoutMillis);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, true);
            tls.setUseClientMode(true);
            tls.startHandshake();
            OutputStream out = tls.getOutputStream();
            if (delegation != null) {
                if (credential == null) {
                    throw new IOException("delegation needs a proxy file");
                }
                GsiDelegation.delegate(tls.getInputStream(), out, credential.key, credential.chain,
                        java.time.Instant.now().plus(delegation));
            } else if (gsiByte != null) {
                out.write(gsiByte);
                out.flush();
            }
            return new Connection(tls, host, port, absoluteForm);
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    private ProxyKeyManager readCredential() throws IOException {
        try {
            return ProxyKeyManager.read(proxyFile);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read " + proxyFile + ": " + e.getMessage(), e);
        }
    }

    private SSLContext sslContext(ProxyKeyManager credential) throws IOException {
        try {
            KeyManager[] keys = credential == null ? null : new KeyManager[] {credential};
            TrustManager[] trust = trustAll ? new TrustManager[] {new AnyServer()} : trustFrom(trustDir);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static TrustManager[] trustFrom(Path dir) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        int n = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.[0-9]")) {
            for (Path file : files) {
                try (InputStream in = Files.newInputStream(file)) {
                    for (var cert : factory.generateCertificates(in)) {
                        store.setCertificateEntry("ca" + n++, cert);
                    }
                }
            }
        }
        if (n == 0) {
            throw new IOException("no CA certificates (<hash>.0) in " + dir);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        return tmf.getTrustManagers();
    }

    /** One TLS connection carrying HTTP/1.1 requests in turn. Not thread-safe. */
    public static final class Connection implements AutoCloseable {
        private final SSLSocket socket;
        private final String host;
        private final int port;
        private final boolean absoluteForm;
        private final InputStream in;
        private final OutputStream out;

        private Connection(SSLSocket socket, String host, int port, boolean absoluteForm) throws IOException {
            this.socket = socket;
            this.host = host;
            this.port = port;
            this.absoluteForm = absoluteForm;
            this.in = new BufferedInputStream(socket.getInputStream());
            this.out = socket.getOutputStream();
        }

        public Response post(String path, Map<String, String> headers, byte[] body) throws IOException {
            return request("POST", path, headers, body);
        }

        public Response get(String path, Map<String, String> headers) throws IOException {
            return request("GET", path, headers, null);
        }

        /**
         * Sends one request. {@code Host} and {@code Connection: keep-alive} are added when absent;
         * {@code Content-Length} always states the body's real length (a caller's value is replaced).
         */
        public Response request(String method, String path, Map<String, String> headers, byte[] body)
                throws IOException {
            StringBuilder head = new StringBuilder();
            String target = absoluteForm ? "httpg://" + host + ":" + port + path : path;
            head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
            Map<String, String> given = headers == null ? Map.of() : headers;
            if (!containsIgnoreCase(given, "Host")) {
                head.append("Host: ").append(host).append(':').append(port).append("\r\n");
            }
            for (Map.Entry<String, String> h : given.entrySet()) {
                if (!h.getKey().equalsIgnoreCase("Content-Length")) {
                    head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
                }
            }
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            if (!containsIgnoreCase(given, "Connection")) {
                head.append("Connection: keep-alive\r\n");
            }
            head.append("\r\n");
            sendRaw(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                sendRaw(body);
            }
            return readResponse("HEAD".equals(method));
        }

        /** Writes bytes as they are, for malformed-request tests; follow with {@link #readResponse}. */
        public void sendRaw(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Reads one response (1xx interim responses are skipped). */
        public Response readResponse(boolean headRequest) throws IOException {
            while (true) {
                String statusLine = readLine();
                if (statusLine == null) {
                    throw new EOFException("connection closed before a response");
                }
                String[] parts = statusLine.split(" ", 3);
                if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                    throw new IOException("not an HTTP status line: " + statusLine);
                }
                int status = Integer.parseInt(parts[1]);
                String reason = parts.length > 2 ? parts[2] : "";
                Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
                    int colon = line.indexOf(':');
                    if (colon > 0) {
                        headers.computeIfAbsent(line.substring(0, colon).trim(), k -> new ArrayList<>())
                                .add(line.substring(colon + 1).trim());
                    }
                }
                if (status >= 100 && status < 200) {
                    continue;
                }
                byte[] body = readBody(status, headers, headRequest);
                return new Response(status, reason, headers, body);
            }
        }

        private byte[] readBody(int status, Map<String, List<String>> headers, boolean headRequest)
                throws IOException {
            if (headRequest || status == 204 || status == 304) {
                return new byte[0];
            }
            String te = first(headers, "Transfer-Encoding");
            if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
                return readChunked();
            }
            String length = first(headers, "Content-Length");
            if (length != null) {
                return readExactly(Long.parseLong(length.trim()));
            }
            return in.readAllBytes();
        }

        private byte[] readChunked() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String sizeLine = readLine();
                if (sizeLine == null) {
                    throw new EOFException("connection closed inside a chunked body");
                }
                int semi = sizeLine.indexOf(';');
                long size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
                if (size == 0) {
                    for (String trailer = readLine(); trailer != null && !trailer.isEmpty(); trailer = readLine()) {
                        // trailers are ignored
                    }
                    return body.toByteArray();
                }
                body.write(readExactly(size));
                readLine();
            }
        }

        private byte[] readExactly(long n) throws IOException {
            byte[] bytes = in.readNBytes(Math.toIntExact(n));
            if (bytes.length != n) {
                throw new EOFException("body ended after " + bytes.length + " of " + n + " bytes");
            }
            return bytes;
        }

        private String readLine() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1) {
                if (b == '\n') {
                    byte[] bytes = line.toByteArray();
                    int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                    return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
                }
                line.write(b);
            }
            return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
        }

        /** The negotiated TLS protocol, e.g. "TLSv1.3". */
        public String tlsProtocol() {
            return socket.getSession().getProtocol();
        }

        public boolean isClosed() {
            return socket.isClosed();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** An HTTP response: status, headers (case-insensitive names), body, and XML helpers for SOAP answers. */
    public static final class Response {
        private final int status;
        private final String reason;
        private final Map<String, List<String>> headers;
        private final byte[] body;

        Response(int status, String reason, Map<String, List<String>> headers, byte[] body) {
            this.status = status;
            this.reason = reason;
            this.headers = Collections.unmodifiableMap(headers);
            this.body = body;
        }

        public int status() {
            return status;
        }

        public String reason() {
            return reason;
        }

        /** All headers; names compare case-insensitively. */
        public Map<String, List<String>> headers() {
            return headers;
        }

        /** The first value of header {@code name}, or null. */
        public String header(String name) {
            return first(headers, name);
        }

        public byte[] body() {
            return body.clone();
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The body parsed as namespace-aware XML (DOCTYPEs refused). */
        public Document xml() {
            try {
                DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
                f.setNamespaceAware(true);
                f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                Reader reader = new java.io.InputStreamReader(new java.io.ByteArrayInputStream(body),
                        StandardCharsets.UTF_8);
                return f.newDocumentBuilder().parse(new InputSource(reader));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (Exception e) {
                throw new IllegalStateException("response body is not well-formed XML: " + e.getMessage()
                        + "\n" + bodyText(), e);
            }
        }

        /**
         * Text of the first element reached by a slash-separated path of local names, namespace-agnostic; the
         * first step matches anywhere in the document, the others are children. E.g.
         * {@code "srmLsResponse/returnStatus/statusCode"}. Null when nothing matches.
         */
        public String text(String localNamePath) {
            List<String> all = texts(localNamePath);
            return all.isEmpty() ? null : all.get(0);
        }

        /** Texts of every element reached by {@code localNamePath} (see {@link #text}), in document order. */
        public List<String> texts(String localNamePath) {
            List<String> result = new ArrayList<>();
            for (Element e : elements(xml(), localNamePath)) {
                result.add(e.getTextContent());
            }
            return result;
        }

        @Override
        public String toString() {
            return "HTTP " + status + " " + reason + "\n" + bodyText();
        }
    }

    /** Elements reached by a local-name path in {@code doc}; see {@link Response#text}. */
    public static List<Element> elements(Document doc, String localNamePath) {
        String[] steps = localNamePath.split("/");
        List<Element> current = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", steps[0]);
        for (int i = 0; i < all.getLength(); i++) {
            current.add((Element) all.item(i));
        }
        for (int s = 1; s < steps.length; s++) {
            List<Element> next = new ArrayList<>();
            for (Element parent : current) {
                for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
                    if (child instanceof Element el && steps[s].equals(localName(el))) {
                        next.add(el);
                    }
                }
            }
            current = next;
        }
        return current;
    }

    private static String localName(Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    }

    private static boolean containsIgnoreCase(Map<String, String> map, String key) {
        return map.keySet().stream().anyMatch(key::equalsIgnoreCase);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** Presents one chain (the proxy file's) whatever the server asks for. */
    private static final class ProxyKeyManager extends X509ExtendedKeyManager {
        private static final String ALIAS = "proxy";
        private final PrivateKey key;
        private final X509Certificate[] chain;

        private ProxyKeyManager(PrivateKey key, X509Certificate[] chain) {
            this.key = key;
            this.chain = chain;
        }

        static ProxyKeyManager read(Path proxyFile) throws IOException, GeneralSecurityException {
            PrivateKey key = null;
            List<X509Certificate> chain = new ArrayList<>();
            JcaX509CertificateConverter certs = new JcaX509CertificateConverter();
            JcaPEMKeyConverter keys = new JcaPEMKeyConverter();
            try (PEMParser parser = new PEMParser(Files.newBufferedReader(proxyFile, StandardCharsets.US_ASCII))) {
                for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                    if (o instanceof X509CertificateHolder holder) {
                        chain.add(certs.getCertificate(holder));
                    } else if (o instanceof PEMKeyPair pair) {
                        key = keys.getKeyPair(pair).getPrivate();
                    } else if (o instanceof PrivateKeyInfo info) {
                        key = keys.getPrivateKey(info);
                    }
                }
            }
            if (key == null || chain.isEmpty()) {
                throw new IOException("no unencrypted key and certificate chain in " + proxyFile);
            }
            return new ProxyKeyManager(key, chain.toArray(new X509Certificate[0]));
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return null;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return chain.clone();
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return key;
        }
    }

    /** Accepts any server certificate; only for tests of odd servers. */
    private static final class AnyServer implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}

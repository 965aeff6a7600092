package org.opensrm.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

import org.opensrm.devpki.Credential;

/** A raw JSSE client speaking httpg: TLS with a client chain, the GSI byte, then HTTP/1.1 on one socket. */
final class GsiTestClient implements AutoCloseable {
    record Response(int status, Map<String, String> headers, String body) {
    }

    private final SSLSocket socket;
    private final InputStream in;
    private final OutputStream out;

    GsiTestClient(int port, Credential credential, X509Certificate trustedCa, String protocol) throws Exception {
        this(port, credential, trustedCa, protocol, null);
    }

    /** @param source local address to connect from (e.g. 127.0.0.2); {@code null}: the system's choice */
    GsiTestClient(int port, Credential credential, X509Certificate trustedCa, String protocol,
            java.net.InetAddress source) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", trustedCa);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        context.init(new javax.net.ssl.KeyManager[] {new FixedKeyManager(credential)}, tmf.getTrustManagers(), null);
        socket = (SSLSocket) (source == null ? context.getSocketFactory().createSocket("127.0.0.1", port)
                : context.getSocketFactory().createSocket("127.0.0.1", port, source, 0));
        socket.setSoTimeout(10_000);
        if (protocol != null) {
            socket.setEnabledProtocols(new String[] {protocol});
        }
        in = new java.io.BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    SSLSocket socket() {
        return socket;
    }

    void handshake() throws IOException {
        socket.startHandshake();
    }

    void write(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** GSI delegation, the client's first half: sends {@code 'D'}, returns the server's certificate request. */
    org.bouncycastle.pkcs.PKCS10CertificationRequest requestDelegation() throws IOException {
        return org.opensrm.testkit.GsiDelegation.request(in, out);
    }

    int read() throws IOException {
        return in.read();
    }

    /** Writes a POST with the given request target and body, returns the parsed answer. */
    Response post(String target, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        write("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nSOAPAction: \"\"\r\n"
                + "Content-Length: " + b.length + "\r\n\r\n" + body);
        return readResponse();
    }

    Response readResponse() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new IOException("connection closed before the status line");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers,
                new String(body, StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String s = buf.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            buf.write(c);
        }
        return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** Presents one credential whatever the server asks for, like a Globus client with its proxy. */
    private static final class FixedKeyManager extends X509ExtendedKeyManager {
        private final Credential credential;

        FixedKeyManager(Credential credential) {
            this.credential = credential;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {"me"};
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return "me";
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return "me";
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
            return credential.chain().toArray(new X509Certificate[0]);
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return credential.key();
        }
    }
}

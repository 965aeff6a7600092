package org.opensrm.core.copy.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Locale;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import eu.emi.security.authn.x509.impl.KeyAndCertCredential;
import org.opensrm.authz.DelegatedCredential;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * One SOAP call on GSI "httpg" presenting a client's delegated credential: a TLS connection whose client
 * certificate chain is the delegated proxy's, the server's certificate checked against the CA certificates
 * ({@code *.0}) of the CA directory and its name against the endpoint's host, the GSI byte {@code '0'} (no further
 * delegation), one HTTP/1.1 POST with {@code Connection: close}, the answer read to its end (length or chunked).
 */
public final class HttpgCall {
    private static final int MAX_ANSWER = 8 * 1024 * 1024;

    private final TrustManager[] trust;
    private final Duration timeout;

    /** @throws IOException when the CA directory holds no readable CA certificate */
    public HttpgCall(Path caDir, Duration timeout) throws IOException {
        this.trust = trustFrom(caDir);
        this.timeout = timeout;
    }

    /** POSTs {@code envelope} to {@code endpoint} (host, port, path) and parses the answer. */
    public Document post(URI endpoint, DelegatedCredential credential, byte[] envelope) throws IOException {
        SSLContext context;
        try {
            KeyManager keys = new KeyAndCertCredential(credential.key(),
                    credential.chain().toArray(new X509Certificate[0])).getKeyManager();
            context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {keys}, trust, null);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot present the delegated credential: " + e.getMessage(), e);
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), millis);
            plain.setSoTimeout(millis);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, endpoint.getHost(),
                    endpoint.getPort(), true);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(parameters);
            tls.setUseClientMode(true);
            tls.startHandshake();
            OutputStream out = tls.getOutputStream();
            String head = "0POST " + endpoint.getRawPath() + " HTTP/1.1\r\nHost: " + endpoint.getHost() + ":"
                    + endpoint.getPort() + "\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: \"\"\r\n"
                    + "Content-Length: " + envelope.length + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(envelope);
            out.flush();
            return parse(readAnswer(tls.getInputStream()), endpoint);
        }
    }

    private static byte[] readAnswer(InputStream in) throws IOException {
        String status = line(in);
        if (!status.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + shortened(status));
        }
        long length = -1;
        boolean chunked = false;
        for (String h = line(in); !h.isEmpty(); h = line(in)) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(h.substring(15).strip());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (chunked) {
            for (int size = Integer.parseInt(line(in).split(";")[0].strip(), 16); size > 0;
                 size = Integer.parseInt(line(in).split(";")[0].strip(), 16)) {
                copy(in, body, size);
                line(in);
            }
        } else if (length >= 0) {
            copy(in, body, length);
        } else {
            copy(in, body, MAX_ANSWER);
        }
        return body.toByteArray();
    }

    private static void copy(InputStream in, ByteArrayOutputStream out, long n) throws IOException {
        if (out.size() + n > MAX_ANSWER) {
            throw new IOException("answer larger than " + MAX_ANSWER + " bytes");
        }
        byte[] buffer = new byte[8192];
        long left = n;
        while (left > 0) {
            int r = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (r < 0) {
                return;
            }
            out.write(buffer, 0, r);
            left -= r;
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                sb.append((char) c);
            }
            if (sb.length() > 8192) {
                throw new IOException("header line too long");
            }
        }
        return sb.toString();
    }

    private static Document parse(byte[] body, URI endpoint) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(new InputSource(new java.io.ByteArrayInputStream(body)));
        } catch (Exception e) {
            throw new IOException("the SRM at " + endpoint + " answered no SOAP document: " + e.getMessage(), e);
        }
    }

    private static String shortened(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }

    private static TrustManager[] trustFrom(Path caDir) throws IOException {
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            int n = 0;
            try (DirectoryStream<Path> cas = Files.newDirectoryStream(caDir, "*.0")) {
                for (Path ca : cas) {
                    try (InputStream in = Files.newInputStream(ca)) {
                        trusted.setCertificateEntry(ca.getFileName().toString() + n++,
                                (X509Certificate) x509.generateCertificate(in));
                    }
                }
            }
            if (n == 0) {
                throw new IOException("no CA certificate (*.0) in " + caDir);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            return tmf.getTrustManagers();
        } catch (GeneralSecurityException e) {
            throw new IOException("CA directory " + caDir + ": " + e.getMessage(), e);
        }
    }
}

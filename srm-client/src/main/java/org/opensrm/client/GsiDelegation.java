package org.opensrm.client;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;

import org.bouncycastle.pkcs.PKCS10CertificationRequest;

import eu.emi.security.authn.x509.proxy.ProxyGenerator;
import eu.emi.security.authn.x509.proxy.ProxyRequestOptions;
import eu.emi.security.authn.x509.proxy.ProxyType;

/**
 * The client's half of GSI delegation on httpg, to the wire format of INTEROP.md: after the TLS
 * handshake the client sends {@code 'D'} instead of {@code '0'}; the server answers with a DER PKCS#10 certificate
 * request; the client returns, in one write, the DER RFC 3820 proxy certificate it signed with its own credential
 * for the request's key, followed by the DER certificates of its own chain (what Globus GSSAPI clients send); then
 * HTTP/1.1 follows on the same connection. The pieces are public so that tests can also send what a client must
 * not (a proxy signed by someone else, one that outlives its issuer, garbage).
 */
public final class GsiDelegation {
    /** The byte that asks for delegation. */
    public static final byte DELEGATION = 'D';

    private GsiDelegation() {
    }

    /** Delegates a proxy of {@code key}/{@code chain} (leaf first) valid from a minute ago until {@code notAfter}. */
    public static void delegate(InputStream in, OutputStream out, PrivateKey key, X509Certificate[] chain,
            Instant notAfter) throws IOException {
        PKCS10CertificationRequest request = request(in, out);
        out.write(der(sign(request, key, chain, Instant.now().minusSeconds(60), notAfter)));
        out.flush();
    }

    /** Sends {@code 'D'} and reads the server's certificate request. */
    public static PKCS10CertificationRequest request(InputStream in, OutputStream out) throws IOException {
        out.write(DELEGATION);
        out.flush();
        return new PKCS10CertificationRequest(readDer(in));
    }

    /**
     * What a GSI client does with the request: an RFC 3820 proxy for the request's key, issued by
     * {@code chain[0]} with {@code key}; returns the proxy followed by {@code chain}.
     */
    public static X509Certificate[] sign(PKCS10CertificationRequest request, PrivateKey key, X509Certificate[] chain,
            Instant notBefore, Instant notAfter) throws IOException {
        try {
            ProxyRequestOptions options = new ProxyRequestOptions(chain, request);
            options.setValidityBounds(Date.from(notBefore), Date.from(notAfter));
            options.setType(ProxyType.RFC3820);
            return ProxyGenerator.generate(options, key);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot sign the delegation request: " + e.getMessage(), e);
        }
    }

    /** The certificates' DER encodings, concatenated. */
    public static byte[] der(X509Certificate... certs) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            for (X509Certificate cert : certs) {
                out.write(cert.getEncoded());
            }
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IOException(e);
        }
        return out.toByteArray();
    }

    /** One DER SEQUENCE from the stream, header included (reads no byte beyond it). */
    public static byte[] readDer(InputStream in) throws IOException {
        ByteArrayOutputStream der = new ByteArrayOutputStream();
        int tag = in.read();
        if (tag != 0x30) {
            throw new IOException("expected a DER SEQUENCE, got " + tag);
        }
        der.write(tag);
        int first = readByte(in);
        der.write(first);
        int length = first;
        if (first >= 0x80) {
            length = 0;
            for (int i = 0; i < (first & 0x7f); i++) {
                int b = readByte(in);
                der.write(b);
                length = length << 8 | b;
            }
        }
        byte[] content = in.readNBytes(length);
        if (content.length != length) {
            throw new EOFException("connection closed inside a DER element");
        }
        der.write(content);
        return der.toByteArray();
    }

    private static int readByte(InputStream in) throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("connection closed inside a DER header");
        }
        return b;
    }
}

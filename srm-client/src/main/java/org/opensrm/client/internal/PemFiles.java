package org.opensrm.client.internal;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** Reads the PEM files grid clients use: proxy files and the {@code <hash>.0} files of a CA directory. */
public final class PemFiles {
    private PemFiles() {
    }

    /**
     * Reads an {@code X509_USER_PROXY} file: the proxy certificate, its unencrypted key (PKCS#1 or PKCS#8), then
     * the rest of the chain. Certificates are kept in file order, which is leaf first.
     */
    public static ClientCredential.KeyAndChain readProxyFile(Path file) throws IOException {
        PrivateKey key = null;
        List<X509Certificate> chain = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
             PEMParser parser = new PEMParser(reader)) {
            JcaPEMKeyConverter keys = new JcaPEMKeyConverter();
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder holder) {
                    chain.add(toCertificate(holder, file));
                } else if (o instanceof PEMKeyPair pair) {
                    key = keys.getKeyPair(pair).getPrivate();
                } else if (o instanceof PrivateKeyInfo info) {
                    key = keys.getPrivateKey(info);
                } else {
                    throw new IOException(file + ": unexpected PEM object " + o.getClass().getSimpleName()
                            + " (encrypted keys are not supported)");
                }
            }
        }
        if (key == null || chain.isEmpty()) {
            throw new IOException(file + ": a proxy file needs a certificate and an unencrypted private key");
        }
        return new ClientCredential.KeyAndChain(key, chain.toArray(new X509Certificate[0]));
    }

    /** Every certificate in the {@code *.0}, {@code *.1}, ... files of a CA directory (hash-named, OpenSSL style). */
    public static List<X509Certificate> readTrustDir(Path dir) throws IOException {
        List<X509Certificate> anchors = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.[0-9]")) {
            for (Path file : files) {
                anchors.addAll(readCertificates(file));
            }
        }
        if (anchors.isEmpty()) {
            throw new IOException(dir + ": no CA certificates (*.0 files)");
        }
        return anchors;
    }

    static List<X509Certificate> readCertificates(Path file) throws IOException {
        List<X509Certificate> certs = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
             PEMParser parser = new PEMParser(reader)) {
            for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
                if (o instanceof X509CertificateHolder holder) {
                    certs.add(toCertificate(holder, file));
                }
            }
        }
        return certs;
    }

    private static X509Certificate toCertificate(X509CertificateHolder holder, Path file) throws IOException {
        try {
            return new JcaX509CertificateConverter().getCertificate(holder);
        } catch (CertificateException e) {
            throw new IOException(file + ": bad certificate: " + e.getMessage(), e);
        }
    }
}

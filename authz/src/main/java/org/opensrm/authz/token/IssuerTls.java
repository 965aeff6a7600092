package org.opensrm.authz.token;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS context in which the issuers' discovery documents and JWKS are fetched: no client certificate; the
 * issuer's certificate must chain to a CA of the system trust store and/or of the CA directory (as
 * {@link KeyFetching} says), and name the issuer's host (the HTTP client checks the name).
 */
final class IssuerTls {
    private IssuerTls() {
    }

    /** @throws IllegalArgumentException naming the CA directory when it cannot be read */
    static SSLContext context(KeyFetching fetching) {
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int n = 0;
            if (fetching.trustSystem()) {
                TrustManagerFactory system = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                system.init((KeyStore) null);
                for (TrustManager tm : system.getTrustManagers()) {
                    if (tm instanceof X509TrustManager x509) {
                        for (X509Certificate ca : x509.getAcceptedIssuers()) {
                            trusted.setCertificateEntry("system-" + n++, ca);
                        }
                    }
                }
            }
            if (fetching.caDir().isPresent()) {
                CertificateFactory x509 = CertificateFactory.getInstance("X.509");
                try (DirectoryStream<Path> cas = Files.newDirectoryStream(fetching.caDir().get(), "*.0")) {
                    for (Path ca : cas) {
                        try (InputStream in = Files.newInputStream(ca)) {
                            trusted.setCertificateEntry("cadir-" + ca.getFileName(),
                                    (X509Certificate) x509.generateCertificate(in));
                        }
                    }
                }
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("the CAs trusted for token issuers (CA directory "
                    + fetching.caDir().map(Path::toString).orElse("none") + ") cannot be read: " + e.getMessage(), e);
        }
    }
}

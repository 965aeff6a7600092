package org.opensrm.authz.gums;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import eu.emi.security.authn.x509.impl.OpensslNameUtils;
import eu.emi.security.authn.x509.impl.PEMCredential;

/** The TLS side of the GUMS call-out: this server's host certificate as client certificate. */
public final class GumsTls {
    private GumsTls() {
    }

    /**
     * Presents the host certificate and key (PEM) and trusts the CA certificates ({@code *.0}) of {@code caDir}
     * for GUMS' own certificate, whose host name is checked against the endpoint's.
     *
     * @throws IllegalArgumentException naming the file that cannot be read
     */
    public static SSLContext hostContext(Path hostCert, Path hostKey, Path caDir) {
        try {
            KeyManager keys = new PEMCredential(hostKey.toString(), hostCert.toString(), null).getKeyManager();
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            try (DirectoryStream<Path> cas = Files.newDirectoryStream(caDir, "*.0")) {
                for (Path ca : cas) {
                    try (InputStream in = Files.newInputStream(ca)) {
                        trusted.setCertificateEntry(ca.getFileName().toString(),
                                (X509Certificate) x509.generateCertificate(in));
                    }
                }
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {keys}, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("GUMS TLS credentials (host certificate " + hostCert + ", key "
                    + hostKey + ", CA directory " + caDir + ") cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The subject of the (first) certificate in {@code hostCert}, in OpenSSL slash form: this storage element's
     * identity as GUMS is told it.
     *
     * @throws IllegalArgumentException naming the file when it cannot be read
     */
    public static String subjectOf(Path hostCert) {
        try (InputStream in = Files.newInputStream(hostCert)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            return OpensslNameUtils.convertFromRfc2253(cert.getSubjectX500Principal().getName(), false);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("host certificate " + hostCert + " cannot be read: " + e.getMessage(), e);
        }
    }
}

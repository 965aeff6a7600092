package org.opensrm.devpki.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;

import org.bouncycastle.asn1.x500.X500Name;

import eu.emi.security.authn.x509.helpers.trust.OpensslTruststoreHelper;

/**
 * Writes one CA into an OpenSSL/Globus trust directory: {@code <hash>.0}, {@code <hash>.signing_policy},
 * {@code <hash>.namespaces} (EUGridPMA form) and the CRL {@code <hash>.r0}.
 */
public final class TrustDirWriter {
    private final Path dir;
    private final X509Certificate ca;
    private final String hash;

    public TrustDirWriter(Path dir, X509Certificate ca) {
        this.dir = dir;
        this.ca = ca;
        // new-style (OpenSSL >= 1.0) subject_hash, as `openssl x509 -hash` prints it
        this.hash = OpensslTruststoreHelper.getOpenSSLCAHash(ca.getSubjectX500Principal(), true);
    }

    public String hash() {
        return hash;
    }

    public Path crlFile() {
        return dir.resolve(hash + ".r0");
    }

    public void writeAnchor() throws IOException {
        X500Name subject = Names.of(ca.getSubjectX500Principal());
        String caDn = Names.slashForm(subject);
        String namespace = Names.slashForm(Names.namespaceOf(subject));
        Pem.writePublic(dir.resolve(hash + ".0"), Pem.encode(ca));
        Pem.writePublic(dir.resolve(hash + ".signing_policy"), String.join("\n",
                "# Signing policy of the OpenSRM development CA",
                "access_id_CA      X509         '" + caDn + "'",
                "pos_rights        globus        CA:sign",
                "cond_subjects     globus       '\"" + namespace + "/*\"'",
                ""));
        Pem.writePublic(dir.resolve(hash + ".namespaces"), String.join("\n",
                "# EUGridPMA namespaces of the OpenSRM development CA",
                "TO Issuer \"" + caDn + "\" \\",
                "  PERMIT Subject \"" + regexQuote(namespace) + "/.*\"",
                ""));
    }

    public void writeCrl(X509CRL crl) throws IOException {
        Pem.writePublic(crlFile(), Pem.encode(crl));
    }

    private static String regexQuote(String s) {
        return s.replaceAll("([.\\[\\]()*+?^$|{}\\\\])", "\\\\$1");
    }
}

package org.opensrm.devpki;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.opensrm.devpki.internal.CertMaker;
import org.opensrm.devpki.internal.Names;
import org.opensrm.devpki.internal.Pem;
import org.opensrm.devpki.internal.TrustDirWriter;

/**
 * A development certificate authority kept in a directory ({@code ca-cert.pem}, {@code ca-key.pem}) with the
 * trust directory {@code certificates/} that OpenSSL, Globus (gfal2, ARC, globus-gridftp-server) and canl read.
 * Issues host and user certificates in the CA's namespace (its subject without the last RDN), RFC 3820 and
 * legacy Globus proxies, and keeps the CRL {@code <hash>.r0}. Thread-safe.
 */
public final class DevPki {
    /** Issued certificates start this much in the past, against clock skew. */
    private static final Duration BACKDATE = Duration.ofHours(1);
    /** Proxies start this much in the past, like grid-proxy-init. */
    private static final Duration PROXY_BACKDATE = Duration.ofMinutes(5);

    private final X509Certificate ca;
    private final PrivateKey caKey;
    private final Path trustDir;
    private final TrustDirWriter trust;
    private final CertMaker maker;
    private final Map<BigInteger, Instant> revoked = new TreeMap<>();

    private DevPki(X509Certificate ca, PrivateKey caKey, Path trustDir, CertMaker maker) {
        this.ca = ca;
        this.caKey = caKey;
        this.trustDir = trustDir;
        this.trust = new TrustDirWriter(trustDir, ca);
        this.maker = maker;
    }

    /**
     * Loads the CA kept in {@code dir} or creates it (10 years), then (re)writes {@code dir/certificates} with
     * {@code <hash>.0}, {@code <hash>.signing_policy}, {@code <hash>.namespaces} and the CRL {@code <hash>.r0}
     * (keeping the revocations of an existing one).
     *
     * @param caDn the subject of a new CA in RFC 2253, e.g. {@code CN=OpenSRM Dev CA,O=OpenSRM,DC=test}; ignored
     *             when the CA already exists
     */
    public static DevPki openOrCreate(Path dir, String caDn) throws IOException, GeneralSecurityException {
        Objects.requireNonNull(caDn, "caDn");
        CertMaker maker = new CertMaker(new SecureRandom());
        Path certFile = dir.resolve("ca-cert.pem");
        Path keyFile = dir.resolve("ca-key.pem");
        X509Certificate ca;
        PrivateKey key;
        if (Files.exists(certFile) && Files.exists(keyFile)) {
            ca = readCertificate(certFile);
            key = readKey(keyFile);
        } else {
            KeyPair pair = maker.newKeyPair();
            Instant now = Instant.now();
            X500Name subject = X500Name.getInstance(new X500Principal(caDn).getEncoded());
            ca = maker.selfSignedCa(subject, pair, now.minus(BACKDATE), now.plus(Duration.ofDays(3650)));
            key = pair.getPrivate();
            Pem.writeSecret(keyFile, Pem.encode(key));
            Pem.writePublic(certFile, Pem.encode(ca));
        }
        DevPki pki = new DevPki(ca, key, dir.resolve("certificates"), maker);
        pki.trust.writeAnchor();
        pki.loadRevocations();
        pki.writeCrl();
        return pki;
    }

    /** The trust directory, usable as {@code X509_CERT_DIR}. */
    public Path trustDir() {
        return trustDir;
    }

    public X509Certificate caCertificate() {
        return ca;
    }

    /** OpenSSL subject hash of the CA: the base name of its files in {@link #trustDir()}. */
    public String caHash() {
        return trust.hash();
    }

    /**
     * A host (server and client) certificate with subject {@code <namespace>/CN=hostname}; the subjectAltName
     * lists {@code hostname} and every entry of {@code dnsNames} as DNS names (also "127.0.0.1": Globus clients
     * check RFC 2818 strictly and refuse IP-only SANs).
     */
    public Credential issueHost(String hostname, List<String> dnsNames, Duration validity) {
        Set<String> names = new LinkedHashSet<>();
        names.add(hostname);
        names.addAll(dnsNames);
        return issue(hostname, validity, new ArrayList<>(names), true);
    }

    /** A user certificate with subject {@code <namespace>/CN=commonName}. */
    public Credential issueUser(String commonName, Duration validity) {
        return issue(commonName, validity, List.of(), false);
    }

    /** A proxy of {@code user} (which may itself be a proxy) valid from 5 minutes ago for {@code lifetime}. */
    public Credential proxy(Credential user, Duration lifetime, ProxyStyle style) {
        Instant now = Instant.now();
        return proxy(user, now.minus(PROXY_BACKDATE), now.plus(lifetime), style);
    }

    /** A proxy of {@code user} with the given validity, e.g. an expired one. */
    public Credential proxy(Credential user, Instant notBefore, Instant notAfter, ProxyStyle style) {
        try {
            KeyPair pair = maker.newKeyPair();
            X509Certificate cert = maker.proxy(user.certificate(), user.key(), pair.getPublic(),
                    style == ProxyStyle.RFC3820, notBefore, notAfter);
            List<X509Certificate> chain = new ArrayList<>();
            chain.add(cert);
            chain.addAll(user.chain());
            return new Credential(pair.getPrivate(), chain);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build proxy certificate", e);
        }
    }

    /** Adds the certificate to the CRL and rewrites {@code <hash>.r0}. */
    public synchronized void revoke(X509Certificate certificate) {
        revoked.put(certificate.getSerialNumber(), Instant.now());
        try {
            writeCrl();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign CRL", e);
        }
    }

    private Credential issue(String cn, Duration validity, List<String> dnsNames, boolean server) {
        Instant now = Instant.now();
        X500Name subject = Names.withCn(Names.namespaceOf(Names.of(ca.getSubjectX500Principal())), cn);
        try {
            KeyPair pair = maker.newKeyPair();
            X509Certificate cert = maker.endEntity(ca, caKey, subject, pair.getPublic(), now.minus(BACKDATE),
                    now.plus(validity), dnsNames, server);
            return new Credential(pair.getPrivate(), List.of(cert));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build certificate for " + cn, e);
        }
    }

    private synchronized void writeCrl() throws IOException, GeneralSecurityException {
        X509CRL crl = maker.crl(ca, caKey, revoked, Instant.now());
        trust.writeCrl(crl);
    }

    private synchronized void loadRevocations() throws IOException, GeneralSecurityException {
        Path file = trust.crlFile();
        if (!Files.exists(file)) {
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            X509CRL crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(in);
            if (crl.getRevokedCertificates() != null) {
                for (X509CRLEntry e : crl.getRevokedCertificates()) {
                    revoked.put(e.getSerialNumber(), e.getRevocationDate().toInstant());
                }
            }
        }
    }

    private static X509Certificate readCertificate(Path file) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static PrivateKey readKey(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file); PEMParser parser = new PEMParser(r)) {
            Object o = parser.readObject();
            JcaPEMKeyConverter conv = new JcaPEMKeyConverter();
            if (o instanceof PEMKeyPair kp) {
                return conv.getPrivateKey(kp.getPrivateKeyInfo());
            }
            if (o instanceof PrivateKeyInfo info) {
                return conv.getPrivateKey(info);
            }
            throw new IOException(file + " holds no unencrypted private key");
        }
    }
}

package org.opensrm.devpki.internal;

import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CRLNumber;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.cert.X509v2CRLBuilder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CRLConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Builds RSA-2048 / SHA-256 certificates and CRLs shaped the way the Globus GSI stack expects. */
public final class CertMaker {
    /** id-ppl-inheritAll. */
    private static final ASN1ObjectIdentifier INHERIT_ALL = new ASN1ObjectIdentifier("1.3.6.1.5.5.7.21.1");

    private final SecureRandom random;
    private final JcaX509ExtensionUtils extUtils;

    public CertMaker(SecureRandom random) {
        this.random = random;
        try {
            this.extUtils = new JcaX509ExtensionUtils();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-1 unavailable", e);
        }
    }

    public KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048, random);
        return g.generateKeyPair();
    }

    /** A positive random serial of at most 63 bits (fits the decimal CN of an RFC 3820 proxy). */
    public BigInteger newSerial() {
        return BigInteger.valueOf(random.nextLong() & Long.MAX_VALUE | 1L << 40);
    }

    public X509Certificate selfSignedCa(X500Name subject, KeyPair keys, Instant notBefore, Instant notAfter)
            throws GeneralSecurityException, IOException {
        X509v3CertificateBuilder b = builder(subject, subject, keys.getPublic(), newSerial(), notBefore, notAfter);
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        b.addExtension(Extension.subjectKeyIdentifier, false, extUtils.createSubjectKeyIdentifier(keys.getPublic()));
        return sign(b, keys.getPrivate());
    }

    /** An end-entity certificate; {@code dnsNames} empty = no subjectAltName (user certificates). */
    public X509Certificate endEntity(X509Certificate ca, PrivateKey caKey, X500Name subject, PublicKey key,
            Instant notBefore, Instant notAfter, List<String> dnsNames, boolean server)
            throws GeneralSecurityException, IOException {
        X509v3CertificateBuilder b = builder(Names.of(ca.getSubjectX500Principal()), subject, key, newSerial(),
                notBefore, notAfter);
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true,
                new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment | KeyUsage.dataEncipherment));
        b.addExtension(Extension.extendedKeyUsage, false, server
                ? new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth})
                : new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
        b.addExtension(Extension.subjectKeyIdentifier, false, extUtils.createSubjectKeyIdentifier(key));
        b.addExtension(Extension.authorityKeyIdentifier, false, extUtils.createAuthorityKeyIdentifier(ca));
        if (!dnsNames.isEmpty()) {
            GeneralName[] names = dnsNames.stream().map(n -> new GeneralName(GeneralName.dNSName, n))
                    .toArray(GeneralName[]::new);
            b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
        }
        return sign(b, caKey);
    }

    /** A proxy certificate of {@code issuer} (signed with the issuer's key). */
    public X509Certificate proxy(X509Certificate issuer, PrivateKey issuerKey, PublicKey key, boolean rfc3820,
            Instant notBefore, Instant notAfter) throws GeneralSecurityException, IOException {
        BigInteger serial = newSerial();
        X500Name issuerName = Names.of(issuer.getSubjectX500Principal());
        X500Name subject = Names.withCn(issuerName, rfc3820 ? serial.toString() : "proxy");
        X509v3CertificateBuilder b = builder(issuerName, subject, key, serial, notBefore, notAfter);
        b.addExtension(Extension.keyUsage, true,
                new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment | KeyUsage.dataEncipherment));
        byte[] eku = issuer.getExtensionValue(Extension.extendedKeyUsage.getId());
        if (eku != null) {
            // like grid-proxy-init: the proxy keeps its issuer's extended key usage
            b.copyAndAddExtension(Extension.extendedKeyUsage, false, new JcaX509CertificateHolder(issuer));
        }
        if (rfc3820) {
            ASN1EncodableVector policy = new ASN1EncodableVector();
            policy.add(INHERIT_ALL);
            ASN1EncodableVector pci = new ASN1EncodableVector();
            pci.add(new DERSequence(policy));
            b.addExtension(new ASN1ObjectIdentifier(Names.OID_PROXY_CERT_INFO), true, new DERSequence(pci));
        }
        return sign(b, issuerKey);
    }

    /** A CRL listing {@code revoked} (serial → revocation time). */
    public X509CRL crl(X509Certificate ca, PrivateKey caKey, Map<BigInteger, Instant> revoked, Instant now)
            throws GeneralSecurityException, IOException {
        X509v2CRLBuilder b = new X509v2CRLBuilder(Names.of(ca.getSubjectX500Principal()),
                Date.from(now.minusSeconds(3600)));
        b.setNextUpdate(Date.from(now.plusSeconds(365L * 24 * 3600)));
        revoked.forEach((serial, when) -> b.addCRLEntry(serial, Date.from(when), CRLReason.unspecified));
        b.addExtension(Extension.cRLNumber, false, new CRLNumber(BigInteger.valueOf(now.toEpochMilli())));
        b.addExtension(Extension.authorityKeyIdentifier, false, extUtils.createAuthorityKeyIdentifier(ca));
        try {
            return new JcaX509CRLConverter().getCRL(b.build(signer(caKey)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, PublicKey key, BigInteger serial,
            Instant notBefore, Instant notAfter) {
        return new JcaX509v3CertificateBuilder(issuer, serial, Date.from(notBefore), Date.from(notAfter), subject, key);
    }

    private X509Certificate sign(X509v3CertificateBuilder b, PrivateKey key) throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter().getCertificate(b.build(signer(key)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static ContentSigner signer(PrivateKey key) throws OperatorCreationException {
        return new JcaContentSignerBuilder("SHA256withRSA").build(key);
    }
}

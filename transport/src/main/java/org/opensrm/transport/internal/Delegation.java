package org.opensrm.transport.internal;

import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;
import org.opensrm.authz.DelegatedCredential;

import eu.emi.security.authn.x509.ValidationResult;
import eu.emi.security.authn.x509.X509CertChainValidator;
import eu.emi.security.authn.x509.proxy.ProxyUtils;

/**
 * The server's side of GSI delegation: a fresh RSA key and a PKCS#10 request for it ({@link #offer}); then the
 * client's answer (the proxy certificate it signed for that key, optionally followed by its own chain) checked
 * ({@link Offer#accept}) before it becomes a {@link DelegatedCredential}:
 * <ul>
 * <li>it certifies the key the server generated;</li>
 * <li>it was issued, and signed, by the connection's own client certificate (the leaf of the chain validated at
 * the handshake), and any chain the client sent after it is that same chain;</li>
 * <li>it is a proxy certificate and does not outlive its issuer;</li>
 * <li>the resulting chain passes the same canl validation as a handshake (CA, signing policy, CRLs, proxy
 * path length and naming).</li>
 * </ul>
 */
final class Delegation {
    /** A placeholder subject: the signer names the proxy after itself, whatever the request says. */
    private static final X500Name REQUEST_SUBJECT = new X500Name("CN=NULL SUBJECT NAME ENTRY");
    private static final int KEY_BITS = 2048;

    private final X509CertChainValidator validator;

    Delegation(X509CertChainValidator validator) {
        this.validator = validator;
    }

    /** A new key pair and the DER certificate request the server sends for it. */
    Offer offer() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(KEY_BITS);
        KeyPair keys = generator.generateKeyPair();
        try {
            byte[] request = new JcaPKCS10CertificationRequestBuilder(REQUEST_SUBJECT, keys.getPublic())
                    .build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())).getEncoded();
            return new Offer(keys, request);
        } catch (OperatorCreationException | java.io.IOException e) {
            throw new GeneralSecurityException("cannot build the delegation request", e);
        }
    }

    /** One delegation in progress: the key the server keeps and the request it sent. */
    final class Offer {
        private final KeyPair keys;
        private final byte[] request;

        private Offer(KeyPair keys, byte[] request) {
            this.keys = keys;
            this.request = request;
        }

        byte[] request() {
            return request.clone();
        }

        /**
         * @param answer the DER certificates the client sent, signed proxy first
         * @param peer   the connection's client chain as validated at its handshake, leaf first
         * @param dn     the connection's end-entity DN (slash form)
         */
        DelegatedCredential accept(List<byte[]> answer, X509Certificate[] peer, String dn) throws DelegationRefused {
            List<X509Certificate> sent = parse(answer);
            X509Certificate proxy = sent.get(0);
            X509Certificate issuer = peer[0];
            if (!proxy.getPublicKey().equals(keys.getPublic())) {
                throw new DelegationRefused("the certificate does not certify the key the server asked to sign");
            }
            if (!proxy.getIssuerX500Principal().equals(issuer.getSubjectX500Principal()) || !signedBy(proxy, issuer)) {
                throw new DelegationRefused("proxy " + proxy.getSubjectX500Principal()
                        + " not issued by the connection's credential " + issuer.getSubjectX500Principal());
            }
            for (int i = 1; i < sent.size(); i++) {
                if (i > peer.length || !sent.get(i).equals(peer[i - 1])) {
                    throw new DelegationRefused("the chain sent after the proxy is not the connection's chain");
                }
            }
            if (!ProxyUtils.isProxy(proxy)) {
                throw new DelegationRefused("the certificate is not a proxy certificate");
            }
            if (proxy.getNotAfter().after(issuer.getNotAfter())) {
                throw new DelegationRefused("proxy valid until " + proxy.getNotAfter().toInstant()
                        + ", beyond its issuer's " + issuer.getNotAfter().toInstant());
            }
            List<X509Certificate> chain = new ArrayList<>(peer.length + 1);
            chain.add(proxy);
            chain.addAll(Arrays.asList(peer));
            ValidationResult result = validator.validate(chain.toArray(new X509Certificate[0]));
            if (!result.isValid()) {
                throw new DelegationRefused("chain not valid: " + result.toShortString());
            }
            return new DelegatedCredential(dn, keys.getPrivate(), chain);
        }
    }

    private static boolean signedBy(X509Certificate cert, X509Certificate issuer) {
        try {
            cert.verify(issuer.getPublicKey());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static List<X509Certificate> parse(List<byte[]> answer) throws DelegationRefused {
        if (answer.isEmpty()) {
            throw new DelegationRefused("no certificate");
        }
        List<X509Certificate> certs = new ArrayList<>(answer.size());
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (byte[] der : answer) {
                certs.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
            }
        } catch (CertificateException | RuntimeException e) {
            throw new DelegationRefused("not a certificate: " + e.getMessage());
        }
        return certs;
    }
}

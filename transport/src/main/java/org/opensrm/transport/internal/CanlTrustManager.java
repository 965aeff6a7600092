package org.opensrm.transport.internal;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Optional;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import eu.emi.security.authn.x509.X509CertChainValidator;

/**
 * Validates client chains (end-entity certificates and RFC 3820 / legacy Globus proxy chains) with a canl
 * validator: trust anchors, signing policies / namespaces and CRLs of an OpenSSL trust directory; a chain that
 * passed recently is not validated again ({@link ValidatedChains}). A refused chain fails the TLS handshake.
 */
public final class CanlTrustManager extends X509ExtendedTrustManager {
    private static final Logger LOG = LoggerFactory.getLogger(CanlTrustManager.class);

    private final X509CertChainValidator validator;
    private final ValidatedChains chains;

    CanlTrustManager(X509CertChainValidator validator, ValidatedChains chains) {
        this.validator = validator;
        this.chains = chains;
    }

    private void check(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("no client certificate");
        }
        Optional<String> refusal = chains.refusal(chain);
        if (refusal.isPresent()) {
            String reason = refusal.get();
            LOG.info("refused client certificate chain of {}: {}", chain[0].getSubjectX500Principal(), reason);
            throw new CertificateException("client certificate chain refused: " + reason);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return validator.getTrustedIssuers();
    }
}

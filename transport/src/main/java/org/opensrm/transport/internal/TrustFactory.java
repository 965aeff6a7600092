package org.opensrm.transport.internal;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

import org.italiangrid.voms.VOMSValidators;
import org.italiangrid.voms.ac.VOMSACValidator;
import org.italiangrid.voms.store.impl.DefaultVOMSTrustStore;
import org.opensrm.transport.TransportConfig;

import eu.emi.security.authn.x509.CrlCheckingMode;
import eu.emi.security.authn.x509.NamespaceCheckingMode;
import eu.emi.security.authn.x509.OCSPCheckingMode;
import eu.emi.security.authn.x509.OCSPParametes;
import eu.emi.security.authn.x509.ProxySupport;
import eu.emi.security.authn.x509.RevocationParameters;
import eu.emi.security.authn.x509.impl.OpensslCertChainValidator;
import eu.emi.security.authn.x509.impl.ValidatorParams;

/** Builds the validation and TLS objects of the listener. */
public final class TrustFactory {
    /** Upper bound of the TLS session lifetime: a resumed session skips chain validation (CRL, expiry). */
    private static final Duration MAX_SESSION = Duration.ofMinutes(10);
    /** The longest a client chain that passed is trusted without validating it again ({@link ValidatedChains}). */
    static final Duration CHAIN_MEMORY = Duration.ofSeconds(10);
    /** The most client chains remembered as valid at once. */
    static final int CHAINS_REMEMBERED = 4096;

    private TrustFactory() {
    }

    /**
     * canl validator over an OpenSSL trust directory: new-style hashes, EUGridPMA namespaces or else Globus
     * signing policies (a CA without either is accepted), CRLs {@code <hash>.r0} checked when present and valid,
     * no OCSP (no network on the handshake path), proxies allowed; re-reads the directory every {@code refresh}.
     */
    public static OpensslCertChainValidator validator(Path caDir, Duration refresh) {
        RevocationParameters revocation = new RevocationParameters(CrlCheckingMode.IF_VALID,
                new OCSPParametes(OCSPCheckingMode.IGNORE));
        ValidatorParams params = new ValidatorParams(revocation, ProxySupport.ALLOW);
        return new OpensslCertChainValidator(caDir.toString(), true, NamespaceCheckingMode.EUGRIDPMA_GLOBUS,
                refresh.toMillis(), params);
    }

    public static VOMSACValidator voms(Path vomsDir, OpensslCertChainValidator validator) {
        return VOMSValidators.newValidator(new DefaultVOMSTrustStore(List.of(vomsDir.toString())), validator);
    }

    /**
     * TLS context: the reloading host key manager, the canl trust manager remembering the chains that passed for
     * {@link #CHAIN_MEMORY}, bounded session lifetime.
     */
    public static SSLContext sslContext(HostKeyManager keys, OpensslCertChainValidator validator,
            TransportConfig config) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(new KeyManager[] {keys}, new TrustManager[] {new CanlTrustManager(validator,
                new ValidatedChains(validator, Clock.systemUTC(), CHAIN_MEMORY, CHAINS_REMEMBERED))}, null);
        long seconds = Math.max(60, Math.min(config.credentialRefresh().toSeconds(), MAX_SESSION.toSeconds()));
        context.getServerSessionContext().setSessionTimeout((int) seconds);
        return context;
    }
}

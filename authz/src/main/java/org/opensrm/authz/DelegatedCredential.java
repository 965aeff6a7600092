package org.opensrm.authz;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A proxy credential a client delegated to the server (GSI delegation, the {@code 'D'} byte on httpg): the private
 * key the server generated for it and the certificate chain the client signed, leaf (the delegated proxy) first,
 * then the client's own chain as validated at its handshake. What the server uses to act for the client
 * elsewhere (srmCopy's third-party transfers).
 *
 * <p>It lives beside {@link ClientIdentity}, not inside it: an identity is logged, audited, compared and cached by
 * the authorization chain; a credential is secret, expires and is replaced on renewal. {@link #toString()} names the
 * DN and the expiry, never the key; nothing here may be logged beyond that.
 */
public final class DelegatedCredential {
    private final String dn;
    private final PrivateKey key;
    private final List<X509Certificate> chain;

    /**
     * @param dn    the end-entity subject in OpenSSL slash form, as {@link ClientIdentity#dn()} of the connection
     * @param key   the private key of {@code chain.get(0)}
     * @param chain the delegated proxy first, then the chain that issued it as the client presented it at its
     *              handshake (Globus clients include their CA, others stop below it)
     */
    public DelegatedCredential(String dn, PrivateKey key, List<X509Certificate> chain) {
        this.dn = Objects.requireNonNull(dn, "dn");
        this.key = Objects.requireNonNull(key, "key");
        this.chain = List.copyOf(chain);
        if (this.chain.size() < 2) {
            throw new IllegalArgumentException("a delegated chain has the proxy and at least its issuer");
        }
    }

    /** The client's end-entity DN, slash form. */
    public String dn() {
        return dn;
    }

    public PrivateKey key() {
        return key;
    }

    /** Delegated proxy first, then its issuers as the client presented them (possibly with the CA). */
    public List<X509Certificate> chain() {
        return chain;
    }

    /** When the delegated proxy expires (never later than any certificate above it). */
    public Instant notAfter() {
        return chain.get(0).getNotAfter().toInstant();
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(notAfter());
    }

    @Override
    public String toString() {
        return "DelegatedCredential[" + dn + ", until " + notAfter() + "]";
    }
}

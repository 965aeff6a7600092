package org.opensrm.transport;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.DelegatedCredential;

/** The authenticated peer of a request served by {@link HttpgServer}. */
public final class Peers {
    /** Request attribute holding the {@link ClientIdentity}; set once per TLS session, read per request. */
    public static final String IDENTITY_ATTRIBUTE = "org.opensrm.transport.identity";

    /** Request attribute holding the {@link DelegatedCredential} the client delegated on the request's connection. */
    public static final String DELEGATED_CREDENTIAL_ATTRIBUTE = "org.opensrm.transport.delegated";

    private Peers() {
    }

    /**
     * The client's identity: end-entity DN (proxies stripped) and issuer in OpenSSL slash form, validated VOMS
     * FQANs. Empty when the request did not come over a TLS connection with a validated client certificate.
     * Costs one attribute lookup: the identity is computed once per TLS session.
     */
    public static Optional<ClientIdentity> identity(HttpServletRequest request) {
        return request.getAttribute(IDENTITY_ATTRIBUTE) instanceof ClientIdentity id ? Optional.of(id)
                : Optional.empty();
    }

    /**
     * The unexpired credential the client delegated (GSI delegation, the {@code 'D'} byte) on the connection this
     * request came on; empty when it did not delegate. Work that outlives the connection takes a
     * {@link org.opensrm.authz.DelegatedCredentials.Lease} on the DN from {@link HttpgServer#delegatedCredentials()}.
     */
    public static Optional<DelegatedCredential> delegatedCredential(HttpServletRequest request) {
        return request.getAttribute(DELEGATED_CREDENTIAL_ATTRIBUTE) instanceof DelegatedCredential c ? Optional.of(c)
                : Optional.empty();
    }
}

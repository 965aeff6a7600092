package org.opensrm.transport;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.opensrm.authz.ClientIdentity;

/** The authenticated peer of a request served by {@link HttpgServer}. */
public final class Peers {
    /** Request attribute holding the {@link ClientIdentity}; set once per TLS session, read per request. */
    public static final String IDENTITY_ATTRIBUTE = "org.opensrm.transport.identity";

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
}

package org.opensrm.server.soap;

import java.util.Optional;
import org.opensrm.authz.ClientIdentity;

/**
 * The identity of the request the current thread is serving. Set by {@link SoapServlet} around the JAX-WS
 * dispatch (which runs on the same thread) and read by {@link SoapCalls}; one instance per server.
 */
public final class CurrentRequest {
    private final ThreadLocal<ClientIdentity> identity = new ThreadLocal<>();

    void set(ClientIdentity id) {
        identity.set(id);
    }

    void clear() {
        identity.remove();
    }

    public Optional<ClientIdentity> identity() {
        return Optional.ofNullable(identity.get());
    }
}

package org.opensrm.server.soap;

import java.util.Optional;
import org.opensrm.authz.ClientIdentity;

/**
 * The request the current thread is serving: the caller's identity, and whether admission control refused it (the
 * call is then answered "busy" without running). Set by {@link SoapServlet} around the JAX-WS dispatch (which runs
 * on the same thread) and read by {@link SoapCalls}; one instance per server.
 */
public final class CurrentRequest {
    private record State(ClientIdentity identity, boolean refused) {
    }

    private final ThreadLocal<State> state = new ThreadLocal<>();

    void set(ClientIdentity id, boolean refused) {
        state.set(new State(id, refused));
    }

    void clear() {
        state.remove();
    }

    public Optional<ClientIdentity> identity() {
        State s = state.get();
        return s == null ? Optional.empty() : Optional.ofNullable(s.identity());
    }

    /** True when the server is full and this call is to be answered "busy" (see {@link SoapCalls#BUSY}). */
    public boolean refused() {
        State s = state.get();
        return s != null && s.refused();
    }
}

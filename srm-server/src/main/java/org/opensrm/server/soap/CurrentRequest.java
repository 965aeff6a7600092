package org.opensrm.server.soap;

import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmStatus;

/**
 * The request the current thread is serving: the caller's identity, the credential it delegated, and whether the servlet refused it before it
 * was decoded (admission control found the server full, or the request is larger than the server takes on): the
 * call is then answered with that refusal without running. Set by {@link SoapServlet} around the JAX-WS dispatch
 * (which runs on the same thread) and read by {@link SoapCalls}; one instance per server.
 */
public final class CurrentRequest {
    /** Why a call is answered without running: its request status and explanation. */
    record Refusal(SrmStatus status, String explanation) {
        /** Admission control found no slot, or no memory, for the call (see {@link SoapCalls#BUSY}). */
        static final Refusal BUSY = new Refusal(SrmStatus.SRM_INTERNAL_ERROR, SoapCalls.BUSY);
    }

    private record State(ClientIdentity identity, Refusal refusal, DelegatedCredential delegated) {
    }

    private final ThreadLocal<State> state = new ThreadLocal<>();

    /** @param refusal null when the call runs */
    void set(ClientIdentity id, Refusal refusal) {
        set(id, refusal, null);
    }

    /** @param delegated the credential the client delegated on its connection; null when none */
    void set(ClientIdentity id, Refusal refusal, DelegatedCredential delegated) {
        state.set(new State(id, refusal, delegated));
    }

    void clear() {
        state.remove();
    }

    public Optional<ClientIdentity> identity() {
        State s = state.get();
        return s == null ? Optional.empty() : Optional.ofNullable(s.identity());
    }

    /** The credential the client delegated on its connection (GSI delegation), if any. */
    public Optional<DelegatedCredential> delegated() {
        State s = state.get();
        return s == null ? Optional.empty() : Optional.ofNullable(s.delegated());
    }

    /** The refusal to answer instead of running the call, if the servlet refused it. */
    Optional<Refusal> refusal() {
        State s = state.get();
        return s == null ? Optional.empty() : Optional.ofNullable(s.refusal());
    }
}

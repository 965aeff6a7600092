package org.opensrm.server.soap;

import java.util.Objects;
import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmStatus;

/**
 * What the servlet knows of a call before it runs: who sent it (the identity its TLS handshake or bearer token
 * showed, none when it showed nothing), the credential it delegated on its connection, and whether the servlet
 * refused it before decoding it. It travels with the request itself ({@link NormalizedRequest} on the JAX-WS path,
 * an argument in the lanes) to {@link SoapCalls}, which turns it into the operation's {@code Caller}.
 *
 * @param identity  who sent the call; empty when it presented no certificate and no token
 * @param delegated the credential delegated on the call's connection (GSI delegation); srmCopy acts with it
 * @param refusal   the answer to give instead of running the call; empty when it runs
 */
public record Arrival(Optional<ClientIdentity> identity, Optional<DelegatedCredential> delegated,
                      Optional<Refusal> refusal) {
    /** A call nobody identified: every operation answers it {@code SRM_AUTHENTICATION_FAILURE}. */
    public static final Arrival ANONYMOUS = new Arrival(Optional.empty(), Optional.empty(), Optional.empty());

    public Arrival {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(delegated, "delegated");
        Objects.requireNonNull(refusal, "refusal");
    }

    /** A call that runs. */
    public static Arrival of(ClientIdentity identity, Optional<DelegatedCredential> delegated) {
        return new Arrival(Optional.ofNullable(identity), delegated, Optional.empty());
    }

    /** A call answered with {@code refusal} without running. */
    static Arrival refused(ClientIdentity identity, Refusal refusal) {
        return new Arrival(Optional.ofNullable(identity), Optional.empty(), Optional.of(refusal));
    }

    /** Why a call is answered without running: its request status and explanation. */
    public record Refusal(SrmStatus status, String explanation) {
        /** Admission control found no slot, or no memory, for the call (see {@link SoapCalls#BUSY}). */
        static final Refusal BUSY = new Refusal(SrmStatus.SRM_INTERNAL_ERROR, SoapCalls.BUSY);
    }
}

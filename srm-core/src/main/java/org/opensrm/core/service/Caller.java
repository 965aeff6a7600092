package org.opensrm.core.service;

import java.util.Objects;
import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.Account;
import org.opensrm.core.Owner;

/**
 * An authenticated, authorised client: who it is, the local account it acts as, which paths it may touch how
 * ({@link PathPolicy#ANY} for certificate clients; a bearer token's storage scopes), the subject that owns
 * its requests and names it in logs: the DN, or {@code sub@iss} of a token, and the credential it delegated on its
 * connection (GSI delegation), which srmCopy acts with. {@link #toString()} never shows the credential's key.
 */
public record Caller(ClientIdentity identity, Account account, PathPolicy paths, String subject,
                     Optional<DelegatedCredential> delegated) {
    public Caller {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(delegated, "delegated");
    }

    /** A caller that delegated nothing. */
    public Caller(ClientIdentity identity, Account account, PathPolicy paths, String subject) {
        this(identity, account, paths, subject, Optional.empty());
    }

    /** A certificate client: any path, named by its DN. */
    public Caller(ClientIdentity identity, Account account) {
        this(identity, account, PathPolicy.ANY, identity.dn());
    }

    /** The same caller with the credential it delegated on its connection (empty: none, or expired). */
    public Caller withDelegated(Optional<DelegatedCredential> credential) {
        return new Caller(identity, account, paths, subject, credential);
    }

    /** Who owns the caller's requests: the DN, or {@code sub@iss} of a token (which never starts with '/'). */
    public String dn() {
        return subject;
    }

    /** The caller as the owner of requests and reservations: its subject, mapped account and VOMS FQANs. */
    public Owner owner() {
        return new Owner(subject, account.name(), identity.fqans());
    }
}

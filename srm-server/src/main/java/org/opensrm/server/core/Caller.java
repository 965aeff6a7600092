package org.opensrm.server.core;

import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.Account;

/** An authenticated, authorised client: who it is and the local account it acts as. */
public record Caller(ClientIdentity identity, Account account) {
    public String dn() {
        return identity.dn();
    }
}

package org.opensrm.authz;

import java.time.Duration;
import org.opensrm.authz.internal.GetentAccountResolver;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;

/** Turns a local account name, as a mapping source names it, into the account's uid, gid and groups. */
public interface AccountResolver {

    /** How long {@link #system()} trusts an answer. */
    Duration DEFAULT_TTL = Duration.ofMinutes(1);

    /**
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} "account X does not exist on this host" when there is
     *                      no such account (or it may not be used); {@code SRM_INTERNAL_ERROR} when the account
     *                      database cannot be asked
     */
    Account resolve(String name) throws SrmException;

    /**
     * The host's account database through NSS ({@code getent passwd}, {@code id -G}), so local, LDAP and SSSD
     * accounts all work; answers (including "no such account") are kept for {@link #DEFAULT_TTL}.
     */
    static AccountResolver system() {
        return system(DEFAULT_TTL);
    }

    /** As {@link #system()}, keeping answers for {@code ttl}. */
    static AccountResolver system(Duration ttl) {
        return new GetentAccountResolver(ttl);
    }
}

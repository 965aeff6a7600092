package org.opensrm.authz.internal;

import java.util.Optional;
import java.util.Set;
import org.opensrm.authz.ClientIdentity;

/** One parsed ban list: normalised DNs and FQANs. Immutable. */
public final class BannedIdentities {
    private final Set<String> dns;
    private final Set<String> fqans;

    BannedIdentities(Set<String> dns, Set<String> fqans) {
        this.dns = Set.copyOf(dns);
        this.fqans = Set.copyOf(fqans);
    }

    /** Why the client is banned ({@code "DN ... is banned"}), or empty. */
    public Optional<String> banOf(ClientIdentity client) {
        if (dns.contains(Dns.normalize(client.dn()))) {
            return Optional.of("DN " + client.dn() + " is banned");
        }
        for (String fqan : client.fqans()) {
            if (fqans.contains(Fqans.normalize(fqan))) {
                return Optional.of("VOMS FQAN " + fqan + " of DN " + client.dn() + " is banned");
            }
        }
        return Optional.empty();
    }

    public int size() {
        return dns.size() + fqans.size();
    }
}

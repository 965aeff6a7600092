package org.opensrm.authz.internal;

import java.util.Optional;
import java.util.Set;
import org.opensrm.authz.ClientIdentity;

/** One parsed ban list: normalised DNs and FQANs, and token subjects (issuer and subject). Immutable. */
public final class BannedIdentities {
    /** A token holder: the {@code iss} and {@code sub} claims, compared exactly. */
    record TokenSubject(String iss, String sub) {
    }

    private final Set<String> dns;
    private final Set<String> fqans;
    private final Set<TokenSubject> tokens;

    BannedIdentities(Set<String> dns, Set<String> fqans, Set<TokenSubject> tokens) {
        this.dns = Set.copyOf(dns);
        this.fqans = Set.copyOf(fqans);
        this.tokens = Set.copyOf(tokens);
    }

    /** Why the client is banned ({@code "DN ... is banned"}), or empty. */
    public Optional<String> banOf(ClientIdentity client) {
        if (client.bearer().isPresent()) {
            return Optional.empty(); // no DN, no FQANs: decided by banOfToken once the token is verified
        }
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

    /** Why the tokens of {@code sub} from {@code iss} are banned, or empty. */
    public Optional<String> banOfToken(String iss, String sub) {
        return tokens.contains(new TokenSubject(iss, sub))
                ? Optional.of("token subject " + sub + " of issuer " + iss + " is banned") : Optional.empty();
    }

    public int size() {
        return dns.size() + fqans.size() + tokens.size();
    }
}

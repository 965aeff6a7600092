package org.opensrm.authz.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One parsed grid-mapfile (and/or grid-vorolemap): hash maps from normalised DN, and from normalised DN-or-{@code *}
 * plus normalised FQAN, to the account names of the line, default first. Immutable.
 */
public final class GridMap {
    /** The DN that stands for any DN in a vorolemap line. */
    public static final String ANY_DN = "*";

    private final Map<String, List<String>> byDn;
    private final Map<String, List<String>> byDnAndFqan;

    GridMap(Map<String, List<String>> byDn, Map<String, List<String>> byDnAndFqan) {
        this.byDn = Map.copyOf(byDn);
        this.byDnAndFqan = Map.copyOf(byDnAndFqan);
    }

    /** Accounts of the plain {@code "DN" account} line for this DN. */
    public Optional<List<String>> accountsForDn(String dn) {
        return Optional.ofNullable(byDn.get(Dns.normalize(dn)));
    }

    /** Accounts of the {@code "DN" "FQAN" account} line for this DN, else of the {@code * "FQAN"} line. */
    public Optional<List<String>> accountsForFqan(String dn, String fqan) {
        String f = Fqans.normalize(fqan);
        List<String> accounts = byDnAndFqan.get(key(Dns.normalize(dn), f));
        return Optional.ofNullable(accounts != null ? accounts : byDnAndFqan.get(key(ANY_DN, f)));
    }

    /** Number of lines mapped, of both forms. */
    public int size() {
        return byDn.size() + byDnAndFqan.size();
    }

    static String key(String normalizedDn, String normalizedFqan) {
        return normalizedDn + '\n' + normalizedFqan;
    }
}

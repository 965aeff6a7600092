package org.opensrm.core;

import java.util.List;
import java.util.Objects;

/**
 * Who made a request: the certificate subject, the local account it was mapped to when the request was made, and
 * the VOMS FQANs it presented. A request is bound to its owner's DN and account ({@link #sameUserAs}); FQANs are
 * kept for accounting and space decisions but do not take part in ownership (a renewed proxy may carry others).
 */
public record Owner(String dn, String account, List<String> fqans) {
    public Owner {
        requireText(dn, "dn");
        requireText(account, "account");
        fqans = List.copyOf(fqans);
        for (String f : fqans) {
            requireText(f, "fqan");
        }
    }

    public static Owner of(String dn, String account) {
        return new Owner(dn, account, List.of());
    }

    /** The same grid identity mapped to the same account. */
    public boolean sameUserAs(Owner other) {
        return dn.equals(other.dn) && account.equals(other.account);
    }

    private static void requireText(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank() || value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(what + " must be one non-blank line");
        }
    }
}

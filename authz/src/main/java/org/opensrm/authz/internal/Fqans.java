package org.opensrm.authz.internal;

/**
 * VOMS FQAN comparison: exact, after dropping {@code /Role=NULL} and {@code /Capability=NULL} (and any
 * {@code /Capability=...}, which VOMS has deprecated), so that {@code /atlas/Role=NULL/Capability=NULL} and
 * {@code /atlas} are the same FQAN.
 */
public final class Fqans {
    private Fqans() {
    }

    /** The form used as a map key. */
    public static String normalize(String fqan) {
        StringBuilder out = new StringBuilder();
        for (String part : fqan.trim().split("/")) {
            if (part.isEmpty() || part.equals("Role=NULL") || part.startsWith("Capability=")) {
                continue;
            }
            out.append('/').append(part);
        }
        return out.length() == 0 ? "/" : out.toString();
    }
}

package org.opensrm.authz.token;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * The paths a token's storage scopes open, as in the WLCG Common JWT Profile: {@code storage.read:/p} reads
 * (lists, gets) {@code /p} and below; {@code storage.stage:/p} also brings files online there (srmBringOnline,
 * a superset of read, as the profile defines it); {@code storage.create:/p} uploads new files and makes directories
 * there but neither overwrites nor deletes; {@code storage.modify:/p} also overwrites, deletes and renames (a
 * strict superset of create). A scope path is relative to the issuer's base path and must be given ({@code /}
 * for everything under the base); a scope whose path is missing or leaves the base opens nothing. Immutable.
 */
final class ScopePolicy implements PathPolicy {
    private record Grant(Access access, SrmPath path) {
        boolean covers(Access wanted, SrmPath target) {
            boolean kind = access == wanted || access == Access.MODIFY && wanted == Access.CREATE
                    || access == Access.STAGE && wanted == Access.READ;
            return kind && path.contains(target);
        }
    }

    private final List<Grant> grants;

    private ScopePolicy(List<Grant> grants) {
        this.grants = List.copyOf(grants);
    }

    /** The storage scopes among {@code scopes}, or empty when there are none (other scopes are ignored). */
    static Optional<ScopePolicy> of(List<String> scopes, SrmPath base) {
        List<Grant> grants = new ArrayList<>();
        boolean any = false;
        for (String scope : scopes) {
            int colon = scope.indexOf(':');
            String name = colon < 0 ? scope : scope.substring(0, colon);
            Access access = switch (name) {
                case "storage.read" -> Access.READ;
                case "storage.stage" -> Access.STAGE;
                case "storage.create" -> Access.CREATE;
                case "storage.modify" -> Access.MODIFY;
                default -> null;
            };
            if (access == null) {
                continue;
            }
            any = true;
            if (colon < 0) {
                continue;
            }
            resolve(base, scope.substring(colon + 1)).ifPresent(p -> grants.add(new Grant(access, p)));
        }
        return any ? Optional.of(new ScopePolicy(grants)) : Optional.empty();
    }

    private static Optional<SrmPath> resolve(SrmPath base, String path) {
        try {
            return Optional.of(SrmPath.of(base + (path.startsWith("/") ? path : "/" + path)));
        } catch (SrmException e) {
            return Optional.empty();
        }
    }

    @Override
    public void check(Access access, SrmPath path) throws SrmException {
        for (Grant g : grants) {
            if (g.covers(access, path)) {
                return;
            }
        }
        throw SrmException.denied("the token's scopes do not allow " + access.name().toLowerCase() + " on " + path);
    }

    @Override
    public String toString() {
        return "token scopes " + grants;
    }
}

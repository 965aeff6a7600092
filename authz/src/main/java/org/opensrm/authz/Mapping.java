package org.opensrm.authz;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a {@link Mapper} decided: the local account name and, when the mapping source names one, the primary group
 * the client acts with (it must be one of the account's groups); the paths the client may touch (a token's
 * scopes; {@link PathPolicy#ANY} otherwise); and, when the mapper established it, the subject the audit and
 * access lines name instead of the DN (a token's {@code sub} and {@code iss}); for a verified bearer token, its
 * issuer and subject claims, which the ban list is asked about.
 */
public record Mapping(String account, OptionalInt primaryGid, PathPolicy paths, Optional<String> subject,
                      Optional<TokenHolder> token) {
    /** The {@code iss} and {@code sub} claims of a verified bearer token. */
    public record TokenHolder(String iss, String sub) {
        public TokenHolder {
            Objects.requireNonNull(iss, "iss");
            Objects.requireNonNull(sub, "sub");
        }
    }

    public Mapping {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(primaryGid, "primaryGid");
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(token, "token");
    }

    /** Not a bearer token's mapping. */
    public Mapping(String account, OptionalInt primaryGid, PathPolicy paths, Optional<String> subject) {
        this(account, primaryGid, paths, subject, Optional.empty());
    }

    /** An account, perhaps with a primary group, for any path, with the client's DN as subject. */
    public Mapping(String account, OptionalInt primaryGid) {
        this(account, primaryGid, PathPolicy.ANY, Optional.empty());
    }

    /** The account with its own primary group. */
    public static Mapping to(String account) {
        return new Mapping(account, OptionalInt.empty());
    }
}

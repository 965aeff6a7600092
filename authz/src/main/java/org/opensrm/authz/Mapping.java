package org.opensrm.authz;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a {@link Mapper} decided: the local account name and, when the mapping source names one, the primary group
 * the client acts with (it must be one of the account's groups).
 */
public record Mapping(String account, OptionalInt primaryGid) {
    public Mapping {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(primaryGid, "primaryGid");
    }

    /** The account with its own primary group. */
    public static Mapping to(String account) {
        return new Mapping(account, OptionalInt.empty());
    }
}

package org.opensrm.core;

import java.util.Objects;

/**
 * One file request waiting for, or holding, a place in the {@link Scheduler}.
 *
 * @param token the request
 * @param index the file's index in it
 * @param kind  the request's kind (each kind has its own in-progress limit)
 * @param user  whose it is, for the fair share: the owner's DN and account
 */
public record FileWork(RequestToken token, int index, RequestKind kind, String user) {
    public FileWork {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(user, "user");
    }

    /** The fair-share key of an owner: the same user as {@link Owner#sameUserAs}. */
    public static String userOf(Owner owner) {
        return owner.dn() + "\n" + owner.account();
    }
}

package org.opensrm.authz;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * What a client may do to which path, decided per operation and path after the account is known. Certificate
 * clients get {@link #ANY} (the backend then decides with the account's uid and groups, and nothing else is
 * checked); a bearer token with storage scopes gets the paths its scopes name.
 */
public interface PathPolicy {

    /** What an operation does to a path, in the terms of the WLCG token profile's storage scopes. */
    enum Access {
        /** ls, get, reading permissions or lifetimes. */
        READ,
        /** bring-online: staging a file from nearline to disk (the token profile's {@code storage.stage}). */
        STAGE,
        /** put of a file that does not exist, mkdir. */
        CREATE,
        /** put over an existing file, rm, rmdir, mv, setPermission. */
        MODIFY
    }

    /** @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} naming the path and the access it lacks */
    void check(Access access, SrmPath path) throws SrmException;

    /** Allows everything: the per-path decision is the backend's. */
    PathPolicy ANY = new PathPolicy() {
        @Override
        public void check(Access access, SrmPath path) {
        }

        @Override
        public String toString() {
            return "any path (backend permissions)";
        }
    };
}

package org.opensrm.core.service;

import java.time.Instant;
import java.util.Objects;
import org.opensrm.authz.PathPolicy;

/**
 * What a TURL is for: the client it is made for, whether it reads ({@link PathPolicy.Access#READ}) or writes
 * ({@link PathPolicy.Access#CREATE}, {@link PathPolicy.Access#MODIFY}) its path, and until when. Doors that cannot
 * check it ignore it; a {@link TurlAuthorization} turns it into something its door checks.
 *
 * @param caller  the client the TURL is for
 * @param access  read, or write
 * @param expires when the TURL stops being usable (the file's pin or upload lifetime)
 */
public record TurlGrant(Caller caller, PathPolicy.Access access, Instant expires) {
    public TurlGrant {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(expires, "expires");
    }

    /** Whether the TURL writes (an upload) rather than reads. */
    public boolean writes() {
        return access != PathPolicy.Access.READ;
    }
}

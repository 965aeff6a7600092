package org.opensrm.backend.posix.internal;

import org.opensrm.backend.AccessRights;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * The kernel's permission rules, applied in Java because the server performs operations with its own
 * privileges: owner, then group (primary or supplementary), then other bits; uid 0 may do anything (execute
 * on a file only when some execute bit is set); the sticky bit restricts removal to the entry's or the
 * directory's owner.
 */
public final class AccessPolicy {
    public static final int READ = 4;
    public static final int WRITE = 2;
    public static final int SEARCH = 1;

    public AccessRights rights(Account as, Attrs a) {
        if (as.uid() == 0) {
            return new AccessRights(true, true, a.isDirectory() || (a.mode() & 0111) != 0);
        }
        int bits = bits(as, a);
        return new AccessRights((bits & READ) != 0, (bits & WRITE) != 0, (bits & SEARCH) != 0);
    }

    /** Whether {@code as} holds all of {@code wanted} (a combination of READ, WRITE, SEARCH). */
    public boolean has(Account as, Attrs a, int wanted) {
        return (rights(as, a).bits() & wanted) == wanted;
    }

    public void require(Account as, Attrs a, int wanted, SrmPath path, String what) throws SrmException {
        if (!has(as, a, wanted)) {
            throw SrmException.denied(as.name() + " may not " + what + " " + path);
        }
    }

    /** Write and search on {@code dir} and, if it is sticky, ownership of {@code entry} or {@code dir}. */
    public void requireRemovable(Account as, Attrs dir, Attrs entry, SrmPath path) throws SrmException {
        require(as, dir, WRITE | SEARCH, path.parent(), "remove entries of");
        if (dir.sticky() && as.uid() != 0 && as.uid() != entry.uid() && as.uid() != dir.uid()) {
            throw SrmException.denied(as.name() + " may not remove " + path + " from a sticky directory");
        }
    }

    public void requireOwner(Account as, Attrs a, SrmPath path) throws SrmException {
        if (as.uid() != 0 && as.uid() != a.uid()) {
            throw SrmException.denied("only the owner may change the mode of " + path);
        }
    }

    private static int bits(Account as, Attrs a) {
        int mode = a.mode();
        if (as.uid() == a.uid()) {
            return (mode >> 6) & 7;
        }
        if (as.isMemberOf(a.gid())) {
            return (mode >> 3) & 7;
        }
        return mode & 7;
    }
}

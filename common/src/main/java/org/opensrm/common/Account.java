package org.opensrm.common;

import java.util.Objects;
import java.util.Set;

/**
 * The local account a grid identity is mapped to: every namespace operation is performed, and every access
 * decision taken, as this account.
 *
 * @param name   the login name (what the grid-mapfile or GUMS named)
 * @param uid    numeric user id
 * @param gid    numeric primary group id
 * @param groups every group id the account is a member of, including {@code gid}
 */
public record Account(String name, int uid, int gid, Set<Integer> groups) {
    public Account {
        Objects.requireNonNull(name, "name");
        groups = Set.copyOf(groups);
        if (!groups.contains(gid)) {
            throw new IllegalArgumentException("groups of " + name + " must contain its primary gid " + gid);
        }
    }

    public boolean isMemberOf(int group) {
        return groups.contains(group);
    }

    @Override
    public String toString() {
        return name + "(" + uid + ":" + gid + ")";
    }
}

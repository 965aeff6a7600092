package org.opensrm.backend;

/** What an account may do with one entry. */
public record AccessRights(boolean read, boolean write, boolean execute) {
    public static final AccessRights NONE = new AccessRights(false, false, false);

    /** As permission bits (4 read, 2 write, 1 execute). */
    public int bits() {
        return (read ? 4 : 0) | (write ? 2 : 0) | (execute ? 1 : 0);
    }
}

package org.opensrm.core.service;

import org.opensrm.backend.PosixMode;

/**
 * An srmSetPermission: how to combine ({@code ADD} ors bits in, {@code REMOVE} clears them, {@code CHANGE}
 * replaces), and the bits for owner, group and other, each null when the request left it out.
 *
 * <p>A {@code CHANGE} that gives other's bits but no group permission sets the group to other's bits. CHANGE
 * replaces the permissions, and a chmod-style client carries no group in it: gfal2 ({@code gfal-chmod MODE}) sends
 * the owner's and other's digits and an empty group list, so keeping the group's bits made {@code gfal-chmod 700}
 * leave a 770 file group-writable. With the group following other, every mode whose group and other digits agree
 * (700, 755, 644, 600, 777) comes out exactly, and the group never keeps rights the new mode takes from everyone
 * else; one whose group digit differs (750, 640: the group above other, as usual) gets other's, erring towards less
 * access (a client that sends the group permission sets it as given). ADD and REMOVE without a group leave the
 * group's bits.
 */
public record PermissionChange(Kind kind, Integer owner, Integer group, Integer other) {
    public enum Kind { ADD, REMOVE, CHANGE }

    public PosixMode applyTo(PosixMode current) {
        Integer groupBits = group == null && kind == Kind.CHANGE ? other : group;
        return new PosixMode(combine(current.owner(), owner), combine(current.group(), groupBits),
                combine(current.other(), other));
    }

    private int combine(int current, Integer bits) {
        if (bits == null) {
            return current;
        }
        return switch (kind) {
            case ADD -> current | bits;
            case REMOVE -> current & ~bits;
            case CHANGE -> bits;
        };
    }
}

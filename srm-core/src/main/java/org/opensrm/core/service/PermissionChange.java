package org.opensrm.core.service;

import org.opensrm.backend.PosixMode;

/**
 * An srmSetPermission: how to combine ({@code ADD} ors bits in, {@code REMOVE} clears them, {@code CHANGE}
 * replaces), and the bits for owner, group and other, each null when the request left it out.
 */
public record PermissionChange(Kind kind, Integer owner, Integer group, Integer other) {
    public enum Kind { ADD, REMOVE, CHANGE }

    public PosixMode applyTo(PosixMode current) {
        return new PosixMode(combine(current.owner(), owner), combine(current.group(), group),
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

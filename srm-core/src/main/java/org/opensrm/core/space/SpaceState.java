package org.opensrm.core.space;

/**
 * Where a reservation is in its life. Only {@link #RESERVED} takes writes; the other two are final, kept so that a
 * client asking about its token gets the precise status rather than "unknown".
 */
public enum SpaceState {
    /** Holding its size; puts with its token are admitted while they fit. */
    RESERVED,
    /** Released by its owner or an admin (srmReleaseSpace). */
    RELEASED,
    /** Its lifetime ran out. Files written into it with a permanent lifetime stay. */
    EXPIRED
}

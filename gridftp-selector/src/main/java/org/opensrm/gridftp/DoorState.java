package org.opensrm.gridftp;

/** What the load prober believes about a door. */
public enum DoorState {
    /** Greets with 220 and its load figures are fresh: ranked by load. */
    UP,
    /** Greets (or was not probed yet) but its load figures are missing, stale or unusable: used only when no door is UP. */
    UNKNOWN,
    /** Answered {@code 421} or reports as many sessions as it serves: skipped until it has room. */
    FULL,
    /** Does not greet with 220, or was not heard from for the dead interval count: skipped until it greets again. */
    DEAD;

    /** The number operators see in the metrics: 0 up, 1 unknown, 2 full, 3 dead. */
    public int code() {
        return ordinal();
    }
}

package org.opensrm.gridftp;

import java.time.Instant;
import java.util.Objects;

/**
 * The last known state of one node.
 *
 * @param up        whether the node served a {@code 220} banner at its last probe (or has not been probed yet)
 * @param checkedAt when the last probe finished; {@code null} before the first probe
 * @param detail    human-readable outcome of the last probe (the banner, or why it failed)
 */
public record NodeStatus(boolean up, Instant checkedAt, String detail) {
    /** The state of a node never probed: assumed up. */
    public static final NodeStatus NOT_YET_PROBED = new NodeStatus(true, null, "not probed yet, assumed up");

    public NodeStatus {
        Objects.requireNonNull(detail, "detail");
    }

    /** @return whether at least one probe has finished */
    public boolean probed() {
        return checkedAt != null;
    }
}

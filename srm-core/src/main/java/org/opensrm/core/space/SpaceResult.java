package org.opensrm.core.space;

import java.util.Objects;
import org.opensrm.common.SrmStatus;

/**
 * A reservation made or updated, and how: {@code SRM_SUCCESS}, or {@code SRM_LOWER_SPACE_GRANTED} when less total
 * space than desired was granted (the guaranteed size always is).
 */
public record SpaceResult(SpaceReservation reservation, SrmStatus status) {
    public SpaceResult {
        Objects.requireNonNull(reservation, "reservation");
        Objects.requireNonNull(status, "status");
    }
}

package org.opensrm.core.space;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmStatus;

/**
 * One token's answer to srmGetSpaceMetaData: {@code SRM_SUCCESS} with the reservation,
 * {@code SRM_SPACE_LIFETIME_EXPIRED} with it (expired), or a failure without it ({@code SRM_INVALID_REQUEST} for an
 * unknown, malformed or released token, {@code SRM_AUTHORIZATION_FAILURE} for one the caller may not see).
 *
 * @param lifetimeLeft what is left of its lifetime; empty for infinite
 */
public record SpaceDetail(String token, SrmStatus status, String explanation,
                          Optional<SpaceReservation> reservation, Optional<Duration> lifetimeLeft) {
    public SpaceDetail {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(reservation, "reservation");
        Objects.requireNonNull(lifetimeLeft, "lifetimeLeft");
    }
}

package org.opensrm.core.space;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What srmUpdateSpace asks for; each part empty to leave it as it is.
 *
 * @param newTotalBytes       newSizeOfTotalSpaceDesired
 * @param newGuaranteedBytes  newSizeOfGuaranteedSpaceDesired
 * @param newLifetimeSeconds  newLifeTime, from now ({@value ReserveRequest#INFINITE}: infinite)
 */
public record SpaceUpdate(OptionalLong newTotalBytes, OptionalLong newGuaranteedBytes,
                          OptionalLong newLifetimeSeconds) {
    public SpaceUpdate {
        Objects.requireNonNull(newTotalBytes, "newTotalBytes");
        Objects.requireNonNull(newGuaranteedBytes, "newGuaranteedBytes");
        Objects.requireNonNull(newLifetimeSeconds, "newLifetimeSeconds");
    }
}

package org.opensrm.core.space;

import org.opensrm.common.SrmException;

/** A change of a reservation, applied by {@link SpaceStore#update} to the reservation as stored. */
@FunctionalInterface
public interface SpaceChange {
    /**
     * @return the reservation as it should be kept (the same token, owner, group, kind and used size)
     * @throws SrmException to refuse the change; nothing is written
     */
    SpaceReservation apply(SpaceReservation current) throws SrmException;
}

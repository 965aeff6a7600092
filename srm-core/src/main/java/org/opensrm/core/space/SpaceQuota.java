package org.opensrm.core.space;

/**
 * The limits a store checks, in the same transaction, when a reservation is made or grows: the total of the
 * reserved (unexpired) reservations under one {@link SpaceReservation#quotaKey} and the total of all dynamic ones
 * on the site. Static tokens count against neither.
 *
 * @param groupLimit bytes the reservation's VO (or private owner) may hold reserved at once
 * @param siteLimit  bytes all dynamic reservations together may hold
 */
public record SpaceQuota(long groupLimit, long siteLimit) {
    public static final SpaceQuota UNLIMITED = new SpaceQuota(Long.MAX_VALUE, Long.MAX_VALUE);

    public SpaceQuota {
        if (groupLimit < 0 || siteLimit < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }
}

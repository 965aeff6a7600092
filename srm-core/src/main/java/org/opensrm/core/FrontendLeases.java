package org.opensrm.core;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;

/**
 * The leases of the frontends that share one request store, as this frontend takes part in them: it renews its own
 * (the heartbeat) and takes the active requests held under a lease nobody renews any more. Liveness is counted in
 * the database's clock, so frontends whose clocks differ agree on who is silent. A store of one frontend has none
 * ({@link RequestStore#leases}).
 */
public interface FrontendLeases {

    /** A request taken over, with the frontend it was held by (empty: by nobody, e.g. written before leases). */
    record Taken(RequestToken token, Optional<String> from) {
    }

    /** This frontend's lease now (a new one after {@link #renew} found the old one taken). */
    FrontendLease current();

    /**
     * Renews this frontend's lease. When the lease was taken meanwhile (the frontend was silent for longer than the
     * take-over delay and another frontend took its work, raising its epoch), takes a new lease instead: what was held
     * under the old one is no longer this frontend's (its late outcomes are refused).
     *
     * @return true when the lease was renewed, false when a new one had to be taken
     */
    boolean renew() throws SrmException;

    /**
     * Takes, for this frontend's current lease, up to {@code limit} queued or in-progress requests held under no live
     * lease: a frontend silent for longer than {@code silence} (whose lease epoch is raised, so that it learns it at its
     * next heartbeat), an older epoch of a frontend that restarted, or none. Two frontends never take the same request:
     * each row is taken in one transaction that skips rows another is taking.
     */
    List<Taken> takeOrphans(Duration silence, int limit) throws SrmException;

    /**
     * Gives back a request this frontend took but cannot work on (its queue is full): held by nobody, the next
     * take-over pass of any frontend takes it.
     */
    void release(RequestToken token) throws SrmException;

    /**
     * Ends this frontend's lease at a clean stop: its queued work is taken by the live frontends at their next pass,
     * without waiting for the take-over delay.
     */
    void resign() throws SrmException;

    /**
     * How long, at least, request {@code token} stays this frontend's: for work about to take a step that cannot be
     * undone (a copy landing its data), which must be taken only while no other frontend can have taken the work
     * over. The request must still be held under {@code lease} (the lease the work started under) and that lease
     * must not have been taken (its epoch raised by another frontend's take-over pass); what is left is
     * {@code silence} less the time since the lease was last renewed, in the database's clock.
     *
     * @param silence the take-over delay: how long a lease may go unrenewed before its work is taken
     * @return how long no other frontend can take the request over; zero or less: any moment now
     * @throws org.opensrm.core.FencedException the request is held under another lease, or {@code lease} was taken
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a request purged meanwhile, {@code SRM_INTERNAL_ERROR} when
     *                      the store cannot be reached
     */
    Duration heldFor(RequestToken token, FrontendLease lease, Duration silence) throws SrmException;

    /** How many frontends renewed their lease within {@code silence} (this one included). */
    int live(Duration silence) throws SrmException;

    /**
     * How many times {@link #renew} found the database restarted (or another server, a promoted standby, in its
     * place) since this frontend took its first lease: each restart may have undone changes kept
     * {@link Durability#REDOABLE} in the moment before it, which the engine then redoes.
     */
    default long restarts() {
        return 0;
    }

    /** Up to {@code limit} queued or in-progress requests held under this frontend's current lease. */
    default List<RequestToken> held(int limit) throws SrmException {
        return List.of();
    }
}

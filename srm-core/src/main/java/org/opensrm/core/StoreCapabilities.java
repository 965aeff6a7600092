package org.opensrm.core;

/**
 * What a {@link RequestStore} can do, as data. The contract suite checks that a store does what it declares and
 * answers {@code SRM_NOT_SUPPORTED} for what it does not.
 *
 * @param keepsTransitions {@link RequestStore#update} remembers the change (a stateless store cannot: it gives every
 *                         request back in the one state it is served in)
 * @param searchable       {@link RequestStore#findByOwner}, {@link RequestStore#tokens}, {@link RequestStore#forEach},
 *                         {@link RequestStore#expired}
 *                         and {@link RequestStore#purgeFinished} work (a stateless store has nothing to search)
 * @param keepsOwner       a request's {@link Request#owner} comes back as it was given (DN, account, FQANs); a store
 *                         that keeps only digests binding the request to its owner's DN and account gives back an
 *                         owner made of those digests, and {@link RequestStore#loadOwned} still tells owner from
 *                         stranger
 * @param keepsCreatedChange {@link RequestStore#create(NewRequest, RequestChange)} keeps the request as the change
 *                         made it (a stateless store can: the change is part of what it signs; what is served at
 *                         once is all a request of such a store ever is, beside what the world outside keeps)
 */
public record StoreCapabilities(boolean keepsTransitions, boolean searchable, boolean keepsOwner,
                                boolean keepsCreatedChange) {
    /** A persistent store: everything. */
    public static final StoreCapabilities FULL = new StoreCapabilities(true, true, true, true);
    /**
     * A store that keeps nothing: everything is in the token the client carries (gateway mode), made by the engine
     * serving the request at once.
     */
    public static final StoreCapabilities STATELESS = new StoreCapabilities(false, false, false, true);
}

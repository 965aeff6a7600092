package org.opensrm.core;

/**
 * What a {@link RequestStore} can do, as data. The contract suite checks that a store does what it declares and
 * answers {@code SRM_NOT_SUPPORTED} for what it does not.
 *
 * @param keepsTransitions {@link RequestStore#update} remembers the change (a stateless store cannot)
 * @param searchable       {@link RequestStore#findByOwner}, {@link RequestStore#tokens}, {@link RequestStore#forEach},
 *                         {@link RequestStore#expired}
 *                         and {@link RequestStore#purgeFinished} work (a stateless store has nothing to search)
 */
public record StoreCapabilities(boolean keepsTransitions, boolean searchable) {
    /** A persistent store: everything. */
    public static final StoreCapabilities FULL = new StoreCapabilities(true, true);
}

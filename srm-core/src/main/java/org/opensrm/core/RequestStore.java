package org.opensrm.core;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.opensrm.common.SrmException;

/**
 * Where requests are kept between the calls of a client. Every failure of the store itself (unreachable,
 * broken) is an {@link SrmException} with {@code SRM_INTERNAL_ERROR}, thrown within a bounded time, never a hang;
 * the store serves again by itself once the failure is gone. A request a call returned is kept: nothing written
 * is lost when the process is killed afterwards.
 *
 * <p>Implementations: {@code RequestStores.embedded} (one frontend, SQLite under the state directory) and
 * {@code RequestStores.postgres} (several frontends sharing one PostgreSQL), both in the stores module
 * ({@code org.opensrm.stores}), and gateway mode's
 * {@code org.opensrm.core.gateway.TokenRequestStore}. All pass the contract suite in this module's test-jar
 * ({@code org.opensrm.core.contract}).
 *
 * <p><b>Gateway mode.</b> The signed stateless tokens of gateway mode fit this interface as a store that keeps
 * nothing ({@code TokenRequestStore}): the engine serves a request at once and {@link #create(NewRequest,
 * RequestChange)} signs it as served into the token it returns, so the store chooses the token; {@link #load}
 * verifies the signature and decodes it (an unknown or forged token: {@code SRM_INVALID_REQUEST});
 * {@link #loadOwned} compares the DN and account digests the token carries, the owner binding gateway mode has, and
 * shows what the world outside the token keeps (a put's upload landed or aborted, a release). It declares
 * {@link StoreCapabilities#STATELESS}: {@link #update} keeps only what the outside can keep ({@code SRM_NOT_SUPPORTED}
 * for the rest) and the searches have nothing to search, and the owner comes back as its digests; the contract
 * suite checks that instead of the persistent behaviour.
 */
public interface RequestStore extends AutoCloseable {

    StoreCapabilities capabilities();

    /** Gives the request a token and keeps it, queued, with every file queued. */
    Request create(NewRequest request) throws SrmException;

    /**
     * Gives the request a token and keeps it as {@code initial} changed it from queued with every file queued
     * (served at once, say): what {@link #create} and then {@link #update} with {@code initial} would keep, but
     * in one step, so that nobody sees the request before the change and it is kept changed or not at all. The
     * change obeys {@link #update}'s rules (the token, kind, owner, creation time and number of files stay) and
     * may run more than once. A store that keeps no transitions answers {@code SRM_NOT_SUPPORTED}.
     *
     * @return the request as kept
     * @throws SrmException whatever {@code initial} threw (nothing is kept then), or the store's failure
     */
    Request create(NewRequest request, RequestChange initial) throws SrmException;

    /**
     * The request as last stored, for the engine (no owner check).
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for a token this store does not know
     */
    Request load(RequestToken token) throws SrmException;

    /**
     * The request, for its owner only.
     *
     * @throws SrmException {@code SRM_INVALID_REQUEST} for an unknown token, {@code SRM_AUTHORIZATION_FAILURE} for
     *                      another user's (revealing nothing about it)
     */
    default Request loadOwned(RequestToken token, Owner caller) throws SrmException {
        Request r = load(token);
        r.requireOwner(caller);
        return r;
    }

    /**
     * The request, for its owner only, for a call that names {@code named} SURLs of it (none: all): a store whose
     * tokens do not carry their SURLs (gateway mode's short bring-online tokens) matches its files to them; every
     * other store answers {@link #loadOwned(RequestToken, Owner)}.
     */
    default Request loadOwned(RequestToken token, Owner caller, List<String> named) throws SrmException {
        return loadOwned(token, caller);
    }

    /**
     * {@link #loadOwned(RequestToken, Owner, List)} for a call that reads only what never changes of a request (its
     * kind, owner and files' SURLs) and then changes it with {@link #update}: a store may answer from the request as
     * it read or wrote it a moment ago instead of reading it again, since the change itself is applied to the
     * request as stored (srmReleaseFiles right after a status call costs one statement instead of two).
     */
    default Request loadOwnedToChange(RequestToken token, Owner caller, List<String> named) throws SrmException {
        return loadOwned(token, caller, named);
    }

    /**
     * Applies {@code change} to the request as stored and keeps the result, atomically: two updates of one
     * request, from this process or another frontend, never interleave, and a failed update leaves it as it was.
     * The token, kind, owner and number of files cannot change.
     *
     * @return the request as now stored
     * @throws SrmException {@code SRM_INVALID_REQUEST} for an unknown token, or whatever {@code change} threw
     */
    Request update(RequestToken token, RequestChange change) throws SrmException;

    /**
     * {@link #update}, kept as {@code durability} says: {@link Durability#REDOABLE} lets a store answer before the
     * change is on disk (a crash of its database may undo it); {@link Durability#DURABLE} is {@link #update}. A
     * store whose commits are all durable anyway applies every change as {@link #update}.
     */
    default Request update(RequestToken token, RequestChange change, Durability durability) throws SrmException {
        return update(token, change);
    }

    /** {@link #updateHeld}, kept as {@code durability} says ({@link #update(RequestToken, RequestChange, Durability)}). */
    default Request updateHeld(RequestToken token, RequestChange change, Durability durability)
            throws SrmException {
        return updateHeld(token, change);
    }

    /**
     * {@link #update} for the engine's work on a request this frontend holds: a store that several frontends share
     * applies the change only while the request is still held under this frontend's current lease
     * ({@link FrontendLease}), in the same transaction, so a frontend whose work was taken over cannot store a late
     * outcome. A store of one frontend applies it as {@link #update}.
     *
     * @throws FencedException when another frontend holds the request now
     */
    default Request updateHeld(RequestToken token, RequestChange change) throws SrmException {
        return update(token, change);
    }

    /**
     * This frontend takes over the work of the request (a request resumed through it, whatever frontend held it):
     * later {@link #updateHeld} calls of the frontend that held it are refused. Nothing for a store of one frontend.
     */
    default void hold(RequestToken token) throws SrmException {
    }

    /** The leases of the frontends sharing this store; empty for a store of one frontend. */
    default Optional<FrontendLeases> leases() {
        return Optional.empty();
    }

    /** The tokens of {@code owner}'s requests (same DN and account), with this description if given. */
    List<RequestToken> findByOwner(Owner owner, Optional<String> description) throws SrmException;

    /** The tokens of every request in one of {@code states} (e.g. the active ones, after a restart). */
    List<RequestToken> tokens(Set<RequestState> states) throws SrmException;

    /**
     * Hands every request in one of {@code states} to {@code each}, files included, in one pass over the store:
     * how the engine finds the work to resume after a restart without one read per request.
     */
    void forEach(Set<RequestState> states, Consumer<Request> each) throws SrmException;

    /**
     * Up to {@code limit} tokens of requests with a lifetime that ran out at {@code now}: an active request past
     * its total request time, or one with a file whose pin or TURL expired.
     */
    List<RequestToken> expired(Instant now, int limit) throws SrmException;

    /**
     * Deletes every request that finished before {@code before}, with its files.
     *
     * @return how many requests were deleted
     */
    int purgeFinished(Instant before) throws SrmException;

    /**
     * Checks that the store answers now (one trivial statement on a pooled connection), for a frontend's readiness
     * check behind a load balancer. Stores without a database of their own have nothing to check.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the store cannot be reached within its connection timeout
     */
    default void ping() throws SrmException {
    }

    /** Releases connections and files; the store is unusable afterwards. */
    @Override
    void close();
}

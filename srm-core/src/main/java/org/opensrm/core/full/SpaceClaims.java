package org.opensrm.core.full;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.opensrm.common.SrmException;
import org.opensrm.core.Durability;
import org.opensrm.core.FileRequest;
import org.opensrm.core.FileState;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.StoreCapabilities;
import org.opensrm.core.space.SpaceClaim;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.space.SpaceToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request store as full mode sees it when space reservation is on: every change that ends an open file of a
 * put into a space (waiting or with space available, to anything but {@code SRM_SUCCESS}) gives the file's claim
 * back to its reservation ({@link SpaceService#abandon}). Aborts, failures, TURL and request expiry by the reaper,
 * a full queue, a refused srmPutDone: all of them change the store, so none can forget the claim, and since a file
 * ends only once, no claim is given back twice.
 *
 * <p>A file's claim is its expected size (the bytes {@link QueuedPutService} admitted it with; files refused at
 * srmPrepareToPut are kept without one). A process killed between the store's change and the abandon keeps the
 * claim until the reservation is released or expires.
 */
final class SpaceClaims implements RequestStore {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceClaims.class);

    private final RequestStore store;
    private final SpaceService spaces;

    SpaceClaims(RequestStore store, SpaceService spaces) {
        this.store = store;
        this.spaces = spaces;
    }

    /** The claim of file {@code f} of put {@code r}, if it was admitted into a space. */
    static Optional<SpaceClaim> claimOf(Request r, FileRequest f) {
        String token = r.parameters().get(QueuedPutService.SPACE_TOKEN);
        if (r.kind() != RequestKind.PUT || token == null) {
            return Optional.empty();
        }
        return Optional.of(new SpaceClaim(new SpaceToken(token), f.size().orElse(0)));
    }

    private static boolean open(FileState s) {
        return s.isWaiting() || s == FileState.SPACE_AVAILABLE;
    }

    @Override
    public Request update(RequestToken token, RequestChange change) throws SrmException {
        return update(token, change, false, Durability.DURABLE);
    }

    @Override
    public Request updateHeld(RequestToken token, RequestChange change) throws SrmException {
        return update(token, change, true, Durability.DURABLE);
    }

    @Override
    public Request update(RequestToken token, RequestChange change, Durability durability) throws SrmException {
        return update(token, change, false, durability);
    }

    @Override
    public Request updateHeld(RequestToken token, RequestChange change, Durability durability)
            throws SrmException {
        return update(token, change, true, durability);
    }

    @Override
    public void hold(RequestToken token) throws SrmException {
        store.hold(token);
    }

    @Override
    public Optional<FrontendLeases> leases() {
        return store.leases();
    }

    private Request update(RequestToken token, RequestChange change, boolean held, Durability durability)
            throws SrmException {
        Request[] before = new Request[1];
        RequestChange seen = cur -> {
            before[0] = cur;
            return change.apply(cur);
        };
        Request after = held ? store.updateHeld(token, seen, durability) : store.update(token, seen, durability);
        Request was = before[0];
        if (was == null || was.kind() != RequestKind.PUT
                || !was.parameters().containsKey(QueuedPutService.SPACE_TOKEN)) {
            return after;
        }
        for (FileRequest f : after.files()) {
            if (open(was.file(f.index()).state()) && !open(f.state()) && f.state() != FileState.SUCCESS) {
                Optional<SpaceClaim> claim = claimOf(after, f);
                try {
                    if (claim.isPresent()) {
                        spaces.abandon(claim.get());
                    }
                } catch (SrmException e) {
                    LOG.warn("put {} file {}: its claim of {} bytes in space {} was not given back: {}",
                            token.shortId(), f.index(), claim.get().bytes(), claim.get().token().shortId(),
                            e.getMessage());
                }
            }
        }
        return after;
    }

    @Override
    public StoreCapabilities capabilities() {
        return store.capabilities();
    }

    @Override
    public Request create(NewRequest request) throws SrmException {
        return store.create(request);
    }

    /** A put into a space is created, then changed by {@link #update}, which gives back the claims it ends. */
    @Override
    public Request create(NewRequest request, RequestChange initial) throws SrmException {
        if (request.kind() == RequestKind.PUT && request.parameters().containsKey(QueuedPutService.SPACE_TOKEN)) {
            return update(store.create(request).token(), initial);
        }
        return store.create(request, initial);
    }

    @Override
    public Request load(RequestToken token) throws SrmException {
        return store.load(token);
    }

    @Override
    public Request loadOwned(RequestToken token, Owner caller) throws SrmException {
        return store.loadOwned(token, caller);
    }

    @Override
    public Request loadOwned(RequestToken token, Owner caller, List<String> named) throws SrmException {
        return store.loadOwned(token, caller, named);
    }

    @Override
    public Request loadOwnedToChange(RequestToken token, Owner caller, List<String> named) throws SrmException {
        return store.loadOwnedToChange(token, caller, named);
    }

    @Override
    public List<RequestToken> findByOwner(Owner owner, Optional<String> description) throws SrmException {
        return store.findByOwner(owner, description);
    }

    @Override
    public List<RequestToken> tokens(Set<org.opensrm.core.RequestState> states) throws SrmException {
        return store.tokens(states);
    }

    @Override
    public void forEach(Set<org.opensrm.core.RequestState> states, Consumer<Request> each) throws SrmException {
        store.forEach(states, each);
    }

    @Override
    public List<RequestToken> expired(Instant now, int limit) throws SrmException {
        return store.expired(now, limit);
    }

    @Override
    public int purgeFinished(Instant before) throws SrmException {
        return store.purgeFinished(before);
    }

    @Override
    public void close() {
        store.close();
    }
}

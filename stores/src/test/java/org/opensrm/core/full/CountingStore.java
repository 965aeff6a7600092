package org.opensrm.core.full;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;
import org.opensrm.core.StoreCapabilities;

/**
 * A request store that counts the writes full mode makes through it (and can fail the creation of a request
 * changed as it is made, as an unreachable store would), over a real one.
 */
final class CountingStore implements RequestStore {
    final RequestStore store;
    final AtomicInteger creates = new AtomicInteger();
    final AtomicInteger createsChanged = new AtomicInteger();
    final AtomicInteger updates = new AtomicInteger();
    final AtomicBoolean failCreateChanged = new AtomicBoolean();

    CountingStore(RequestStore store) {
        this.store = store;
    }

    @Override
    public StoreCapabilities capabilities() {
        return store.capabilities();
    }

    @Override
    public Request create(NewRequest request) throws SrmException {
        creates.incrementAndGet();
        return store.create(request);
    }

    @Override
    public Request create(NewRequest request, RequestChange initial) throws SrmException {
        if (failCreateChanged.get()) {
            throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "the store cannot be reached (test)");
        }
        createsChanged.incrementAndGet();
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
    public Request update(RequestToken token, RequestChange change) throws SrmException {
        updates.incrementAndGet();
        return store.update(token, change);
    }

    @Override
    public List<RequestToken> findByOwner(Owner owner, Optional<String> description) throws SrmException {
        return store.findByOwner(owner, description);
    }

    @Override
    public List<RequestToken> tokens(Set<RequestState> states) throws SrmException {
        return store.tokens(states);
    }

    @Override
    public void forEach(Set<RequestState> states, Consumer<Request> each) throws SrmException {
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

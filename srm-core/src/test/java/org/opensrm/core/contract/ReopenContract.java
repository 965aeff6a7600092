package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;

/** What a store keeps when it is closed and opened again (a restart). */
public abstract class ReopenContract extends RequestStoreContract {

    @Test
    void requestsAndTheirStatesOutliveTheStore() throws Exception {
        Request queued = create(RequestKind.GET, alice, 3);
        Request served = create(RequestKind.PUT, bob, 2);
        Request after = store.capabilities().keepsTransitions() ? serve(served.token(), 1) : served;
        reopen();
        assertEquals(queued, store.load(queued.token()));
        assertEquals(after, store.load(served.token()));
    }

    @Test
    void aReopenedStoreTakesNewRequests() throws Exception {
        create(RequestKind.GET, alice, 1);
        reopen();
        reopen();
        Request r = create(RequestKind.LS, alice, 1);
        assertEquals(r, store.load(r.token()));
    }
}

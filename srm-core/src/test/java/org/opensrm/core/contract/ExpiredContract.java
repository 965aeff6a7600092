package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.FileState;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#expired} (the reaper's question). */
public abstract class ExpiredContract extends RequestStoreContract {

    private boolean unsupported() {
        return declaredUnsupported(store.capabilities().searchable(), () -> store.expired(clock.instant(), 10));
    }

    @Test
    void anActiveRequestExpiresWithItsTotalRequestTime() throws Exception {
        RequestToken t = create(RequestKind.GET, alice, 1).token();
        if (unsupported()) {
            return;
        }
        assertEquals(List.of(), store.expired(START.plus(LIFETIME).minusMillis(1), 10));
        assertEquals(List.of(t), store.expired(START.plus(LIFETIME), 10));
        store.update(t, r -> r.timeOut(START.plus(LIFETIME)));
        assertEquals(List.of(), store.expired(START.plus(LIFETIME).plusSeconds(1), 10));
    }

    @Test
    void aPinExpiresWithItsPinLifetimeEvenAfterTheRequestSucceeded() throws Exception {
        RequestToken t = create(RequestKind.GET, alice, 1).token();
        if (unsupported()) {
            return;
        }
        clock.advance(Duration.ofMinutes(1));
        serve(t, 0); // pinned for 5 minutes from now; the request succeeds and is no longer active
        assertEquals(List.of(), store.expired(START.plus(Duration.ofMinutes(6)).minusMillis(1), 10));
        assertEquals(List.of(t), store.expired(START.plus(Duration.ofMinutes(6)), 10));
        store.update(t, r -> r.withFile(0, f -> f.moveTo(FileState.FILE_LIFETIME_EXPIRED), clock.instant()));
        assertEquals(List.of(), store.expired(START.plus(Duration.ofHours(1)), 10));
    }

    @Test
    void aRequestWithSeveralExpiredThingsIsNamedOnceAndTheLimitHolds() throws Exception {
        RequestToken t = create(RequestKind.BRING_ONLINE, alice, 3).token();
        for (int i = 0; i < 4; i++) {
            create(RequestKind.PUT, bob, 1);
        }
        if (unsupported()) {
            return;
        }
        serve(t, 0);
        serve(t, 1);
        List<RequestToken> all = store.expired(START.plus(Duration.ofDays(1)), 100);
        assertEquals(5, all.size());
        assertEquals(5, Set.copyOf(all).size());
        assertEquals(2, store.expired(START.plus(Duration.ofDays(1)), 2).size());
    }
}

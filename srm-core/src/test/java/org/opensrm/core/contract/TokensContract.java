package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#tokens}. */
public abstract class TokensContract extends RequestStoreContract {

    @Test
    void listsTheRequestsInTheGivenStates() throws Exception {
        RequestToken queued = create(RequestKind.GET, alice, 2).token();
        RequestToken inProgress = create(RequestKind.GET, alice, 2).token();
        RequestToken suspended = create(RequestKind.PUT, bob, 1).token();
        RequestToken done = create(RequestKind.PUT, bob, 1).token();
        if (declaredUnsupported(store.capabilities().searchable(),
                () -> store.tokens(EnumSet.of(RequestState.QUEUED)))) {
            return;
        }
        serve(inProgress, 0);
        store.update(suspended, r -> r.moveTo(RequestState.SUSPENDED, "", clock.instant()));
        serve(done, 0);
        EnumSet<RequestState> active = EnumSet.of(RequestState.QUEUED, RequestState.IN_PROGRESS,
                RequestState.SUSPENDED);
        assertEquals(Set.of(queued, inProgress, suspended), Set.copyOf(store.tokens(active)));
        assertEquals(List.of(done), store.tokens(EnumSet.of(RequestState.SUCCESS)));
        assertEquals(List.of(), store.tokens(EnumSet.of(RequestState.ABORTED)));
        assertEquals(List.of(), store.tokens(EnumSet.noneOf(RequestState.class)));
    }
}

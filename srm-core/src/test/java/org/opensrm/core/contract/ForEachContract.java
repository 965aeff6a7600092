package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#forEach} (the work to resume after a restart). */
public abstract class ForEachContract extends RequestStoreContract {

    @Test
    void handsOverEveryRequestInTheGivenStatesWithAllItsFiles() throws Exception {
        List<Request> queued = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            queued.add(create(RequestKind.PUT, i % 2 == 0 ? alice : bob, i * 3));
        }
        Request served = create(RequestKind.GET, alice, 2);
        Request aborted = create(RequestKind.GET, alice, 1);
        if (declaredUnsupported(store.capabilities().searchable(),
                () -> store.forEach(EnumSet.of(RequestState.QUEUED), r -> { }))) {
            return;
        }
        served = serve(served.token(), 0);
        store.update(aborted.token(), r -> r.abort("", clock.instant()));
        reopen();

        List<Request> seen = new ArrayList<>();
        store.forEach(EnumSet.of(RequestState.QUEUED, RequestState.IN_PROGRESS, RequestState.SUSPENDED), seen::add);
        Map<RequestToken, Request> byToken = seen.stream()
                .collect(Collectors.toMap(Request::token, Function.identity()));
        assertEquals(6, seen.size(), "each request once");
        for (Request q : queued) {
            assertEquals(q, byToken.get(q.token()));
        }
        assertEquals(served, byToken.get(served.token()));

        List<Request> none = new ArrayList<>();
        store.forEach(EnumSet.of(RequestState.TIMED_OUT), none::add);
        store.forEach(EnumSet.noneOf(RequestState.class), none::add);
        assertEquals(List.of(), none);
    }
}

package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.Owner;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#findByOwner} (srmGetRequestTokens). */
public abstract class FindByOwnerContract extends RequestStoreContract {

    private boolean unsupported() {
        return declaredUnsupported(store.capabilities().searchable(),
                () -> store.findByOwner(alice, Optional.empty()));
    }

    @Test
    void findsTheOwnersRequestsByDescription() throws Exception {
        RequestToken a1 = create(described(RequestKind.GET, alice, "run-1")).token();
        RequestToken a2 = create(described(RequestKind.PUT, alice, "run-1")).token();
        create(described(RequestKind.GET, alice, "run-2"));
        create(described(RequestKind.GET, bob, "run-1"));
        if (unsupported()) {
            return;
        }
        assertEquals(Set.of(a1, a2), Set.copyOf(store.findByOwner(alice, Optional.of("run-1"))));
        assertEquals(List.of(), store.findByOwner(alice, Optional.of("run-3")));
    }

    @Test
    void withoutADescriptionFindsEveryRequestOfTheOwnerOnly() throws Exception {
        RequestToken a1 = create(described(RequestKind.GET, alice, "x")).token();
        RequestToken a2 = create(RequestKind.LS, alice, 1).token();
        RequestToken b1 = create(RequestKind.GET, bob, 1).token();
        create(RequestKind.GET, Owner.of(alice.dn(), "srmuser3"), 1);
        if (unsupported()) {
            return;
        }
        assertEquals(Set.of(a1, a2), Set.copyOf(store.findByOwner(alice, Optional.empty())));
        assertEquals(List.of(b1), store.findByOwner(bob, Optional.empty()));
    }

    @Test
    void aDescriptionIsMatchedExactly() throws Exception {
        create(described(RequestKind.GET, alice, "Run-1"));
        create(described(RequestKind.GET, alice, "run-1%"));
        if (unsupported()) {
            return;
        }
        assertEquals(List.of(), store.findByOwner(alice, Optional.of("run-1")));
        assertEquals(1, store.findByOwner(alice, Optional.of("run-1%")).size());
    }
}

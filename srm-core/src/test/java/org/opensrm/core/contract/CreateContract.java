package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;
import org.opensrm.core.Surl;

/** {@link org.opensrm.core.RequestStore#create}. */
public abstract class CreateContract extends RequestStoreContract {

    /**
     * Queued with every file queued; a store that keeps no transitions serves at once, so its new request is in
     * the kind's ready state with every file ready, which is what it will always give back.
     */
    @Test
    void aNewRequestIsQueuedWithEveryFileQueuedInOrder() throws Exception {
        Request r = create(RequestKind.GET, alice, 3);
        boolean queues = store.capabilities().keepsTransitions();
        assertEquals(queues ? RequestState.QUEUED : RequestState.SUCCESS, r.state());
        assertEquals(3, r.files().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(i, r.file(i).index());
            assertEquals(queues ? FileState.QUEUED : RequestKind.GET.readyState(), r.file(i).state());
            assertTrue(r.file(i).surl().text().endsWith("/f" + i));
        }
        assertEquals(START, r.createdAt());
        assertEquals(START.plus(LIFETIME), r.expiresAt());
    }

    @Test
    void everythingGivenIsKeptAsGiven() throws Exception {
        NewFile copy = new NewFile("srm://a/src", Optional.of("srm://b/dst"), OptionalLong.of(42),
                Duration.ofSeconds(300), Duration.ofHours(2));
        NewRequest asked = new NewRequest(RequestKind.COPY, alice, Optional.of("nightly, batch 7 (ü)"),
                Map.of("protocols", "gsiftp,https", "overwrite", "NEVER", "odd key&=", "odd value&=\n"),
                Duration.ofHours(1), List.of(copy, NewFile.of("srm://a/second")));
        Request r = create(asked);
        Request loaded = store.load(r.token());
        assertEquals(r, loaded);
        if (store.capabilities().keepsOwner()) {
            assertEquals(alice, loaded.owner());
        } else {
            String shown = loaded.owner().toString();
            assertFalse(shown.contains(alice.dn()) || shown.contains(alice.account()), shown);
            assertEquals(loaded, store.loadOwned(r.token(), alice));
        }
        assertEquals(asked.parameters(), loaded.parameters());
        assertEquals(Optional.of("srm://b/dst"), loaded.file(0).targetSurl().map(Surl::text));
        assertEquals(OptionalLong.of(42), loaded.file(0).size());
        assertEquals(Duration.ofHours(2), loaded.file(0).fileLifetime());
        assertEquals(OptionalLong.empty(), loaded.file(1).size());
    }

    @Test
    void everyRequestGetsItsOwnToken() throws Exception {
        Set<RequestToken> tokens = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            tokens.add(create(RequestKind.PUT, bob, 1).token());
        }
        assertEquals(50, tokens.size());
    }

    @Test
    void tokensDoNotShowTheOwnerOrTheOrder() throws Exception {
        RequestToken a = create(RequestKind.GET, alice, 1).token();
        RequestToken b = create(RequestKind.GET, alice, 1).token();
        assertNotEquals(a.value().substring(0, 8), b.value().substring(0, 8));
        assertTrue(!a.value().contains("Alice") && !a.value().contains("srmuser1"));
    }

    @Test
    void aRequestWithManyFilesIsKeptWhole() throws Exception {
        Request r = create(RequestKind.BRING_ONLINE, alice, 1000);
        Request loaded = store.load(r.token());
        assertEquals(1000, loaded.files().size());
        assertEquals(r, loaded);
    }
}

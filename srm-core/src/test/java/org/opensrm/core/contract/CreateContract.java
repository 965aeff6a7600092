package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** {@link org.opensrm.core.RequestStore#create}. */
public abstract class CreateContract extends RequestStoreContract {

    @Test
    void aNewRequestIsQueuedWithEveryFileQueuedInOrder() throws Exception {
        Request r = create(RequestKind.GET, alice, 3);
        assertEquals(RequestState.QUEUED, r.state());
        assertEquals(3, r.files().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(i, r.file(i).index());
            assertEquals(FileState.QUEUED, r.file(i).state());
            assertTrue(r.file(i).surl().endsWith("/f" + i));
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
        assertEquals(alice, loaded.owner());
        assertEquals(asked.parameters(), loaded.parameters());
        assertEquals(Optional.of("srm://b/dst"), loaded.file(0).targetSurl());
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

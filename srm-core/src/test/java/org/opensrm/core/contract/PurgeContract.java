package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestToken;

/** {@link org.opensrm.core.RequestStore#purgeFinished}. */
public abstract class PurgeContract extends RequestStoreContract {

    @Test
    void finishedRequestsOlderThanTheCutOffGoWithTheirFiles() throws Exception {
        RequestToken old = create(RequestKind.GET, alice, 2).token();
        RequestToken young = create(RequestKind.GET, alice, 1).token();
        RequestToken pinned = create(RequestKind.GET, bob, 1).token();
        RequestToken queued = create(RequestKind.PUT, bob, 1).token();
        if (declaredUnsupported(store.capabilities().searchable(), () -> store.purgeFinished(clock.instant()))) {
            return;
        }
        store.update(old, r -> r.abort("gone", clock.instant()));
        serve(pinned, 0);
        clock.advance(Duration.ofHours(1));
        Instant cutOff = clock.instant();
        store.update(young, r -> r.abort("gone too", clock.instant()));
        clock.advance(Duration.ofHours(1));

        assertEquals(1, store.purgeFinished(cutOff));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.load(old));
        assertEquals(RequestState.ABORTED, store.load(young).state());
        assertEquals(FileState.FILE_PINNED, store.load(pinned).file(0).state());
        assertEquals(RequestState.QUEUED, store.load(queued).state());
        assertEquals(0, store.purgeFinished(cutOff));
        assertEquals(List.of(), store.tokens(EnumSet.of(RequestState.ABORTED)).stream()
                .filter(old::equals).toList());
    }

    @Test
    void aPurgedTokenIsFreeOfFilesSoTheStoreStaysBounded() throws Exception {
        if (declaredUnsupported(store.capabilities().searchable(), () -> store.purgeFinished(clock.instant()))) {
            return;
        }
        for (int i = 0; i < 20; i++) {
            RequestToken t = create(RequestKind.LS, alice, 5).token();
            store.update(t, r -> r.withEachFile(f -> f.ready(r.kind(), java.util.Optional.empty(), f.size(),
                    clock.instant()).moveTo(FileState.RELEASED), clock.instant()));
        }
        clock.advance(Duration.ofSeconds(1));
        assertEquals(20, store.purgeFinished(clock.instant()));
        assertEquals(List.of(), store.findByOwner(alice, java.util.Optional.empty()));
        RequestToken again = create(RequestKind.LS, alice, 5).token();
        assertEquals(5, store.load(again).files().size());
    }
}

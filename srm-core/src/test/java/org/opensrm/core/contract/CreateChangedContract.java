package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestChange;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;

/** {@link org.opensrm.core.RequestStore#create(NewRequest, RequestChange)}: a request kept as a change made it. */
public abstract class CreateChangedContract extends RequestStoreContract {

    private NewRequest asked(RequestKind kind, int files) {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(new NewFile("srm://localhost:8443/srm/managerv2?SFN=/data/f" + i, Optional.empty(),
                    OptionalLong.empty(), Duration.ofMinutes(5), Duration.ZERO));
        }
        return NewRequest.of(kind, alice, LIFETIME, list);
    }

    /** File 0 served with its size, file 1 failed, any other left queued: as the engine changes them. */
    private RequestChange servedAndFailed() {
        return r -> r.withEachFile(f -> switch (f.index()) {
            case 0 -> f.ready(r.kind(), Optional.of("gsiftp://door.example.org:2811/data/f0"), OptionalLong.of(7),
                    clock.instant());
            case 1 -> f.fail(SrmStatus.SRM_INVALID_PATH, "no such file");
            default -> f;
        }, clock.instant());
    }

    private boolean unsupported() {
        return declaredUnsupported(store.capabilities().keepsCreatedChange(),
                () -> store.create(asked(RequestKind.GET, 1), servedAndFailed()));
    }

    @Test
    void aRequestServedAsItIsMadeIsKeptServed() throws Exception {
        if (unsupported()) {
            return;
        }
        clock.advance(Duration.ofSeconds(3));
        Request r = store.create(asked(RequestKind.GET, 2), servedAndFailed());
        Instant now = START.plusSeconds(3);
        assertEquals(r, store.load(r.token()));
        assertEquals(RequestState.PARTIAL_SUCCESS, r.state());
        assertEquals(now, r.createdAt());
        assertEquals(now.plus(LIFETIME), r.expiresAt());
        assertEquals(FileState.FILE_PINNED, r.file(0).state());
        assertEquals(Optional.of("gsiftp://door.example.org:2811/data/f0"), r.file(0).turl());
        assertEquals(OptionalLong.of(7), r.file(0).size());
        assertEquals(Optional.of(now.plus(Duration.ofMinutes(5))), r.file(0).pinExpiresAt());
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.file(1).status());
        assertEquals(Optional.empty(), r.finishedAt(), "a pin is held");
        if (store.capabilities().searchable()) {
            assertEquals(List.of(r.token()), store.tokens(EnumSet.of(RequestState.PARTIAL_SUCCESS)));
        }
        reopen();
        assertEquals(r, store.load(r.token()));
    }

    /** What {@code create} and then {@code update} with the same change keep, but for the token. */
    @Test
    void itIsKeptAsCreatingAndThenChangingItWouldKeepIt() throws Exception {
        if (unsupported() || !store.capabilities().keepsTransitions()) {
            return;
        }
        Request once = store.create(asked(RequestKind.BRING_ONLINE, 3), servedAndFailed());
        Request twice = store.update(store.create(asked(RequestKind.BRING_ONLINE, 3)).token(), servedAndFailed());
        assertEquals(new Request(once.token(), twice.kind(), twice.owner(), twice.description(), twice.parameters(),
                twice.createdAt(), twice.expiresAt(), twice.state(), twice.explanation(), twice.finishedAt(),
                twice.files()), once);
        assertEquals(RequestState.IN_PROGRESS, once.state());
        assertEquals(FileState.QUEUED, store.load(once.token()).file(2).state());
    }

    /** The store may keep instants coarser than the clock's: the change sees the request as it will be kept. */
    @Test
    void aRequestMadeAtAnInstantFinerThanTheStoreKeepsIsKept() throws Exception {
        if (unsupported()) {
            return;
        }
        clock.advance(Duration.ofNanos(1_234_567));
        Request[] seen = new Request[1];
        Request r = store.create(asked(RequestKind.GET, 2), cur -> {
            seen[0] = cur;
            return servedAndFailed().apply(cur);
        });
        assertEquals(seen[0].createdAt(), r.createdAt());
        assertEquals(r, store.load(r.token()));
        Request plain = store.create(asked(RequestKind.GET, 1));
        assertEquals(plain, store.load(plain.token()));
    }

    @Test
    void aChangeThatThrowsKeepsNothing() throws Exception {
        if (unsupported()) {
            return;
        }
        SrmException e = assertThrows(SrmException.class, () -> store.create(asked(RequestKind.GET, 1), r -> {
            throw SrmException.denied("refused by the change");
        }));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        if (store.capabilities().searchable()) {
            assertEquals(List.of(), store.tokens(EnumSet.allOf(RequestState.class)));
        }
    }

    @Test
    void aChangeMayNotAlterWhatARequestIs() throws Exception {
        if (unsupported()) {
            return;
        }
        assertThrows(IllegalStateException.class, () -> store.create(asked(RequestKind.GET, 1),
                r -> new Request(r.token(), RequestKind.PUT, r.owner(), r.description(), r.parameters(),
                        r.createdAt(), r.expiresAt(), r.state(), r.explanation(), r.finishedAt(), r.files())));
        if (store.capabilities().searchable()) {
            assertEquals(List.of(), store.tokens(EnumSet.allOf(RequestState.class)));
        }
    }
}

package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.testkit.PostgresCluster;

/**
 * PostgreSQL stopped under a running store: every call fails with SRM_INTERNAL_ERROR within the bounded connection
 * timeout (the generous preemptive limits only tell a bounded failure from a hang), nothing accepted before is
 * lost, and the store serves again by itself once PostgreSQL is back.
 */
@Tag("integration")
class PostgresOutageTest {
    private static final Duration NOT_A_HANG = Duration.ofSeconds(30);

    @Test
    void aStoppedDatabaseIsAnInternalErrorAtOnceAndServiceResumesWhenItReturns() throws Exception {
        try (PostgresCluster pg = PostgresCluster.create()) {
            PostgresStoreConfig config = PostgresStoreConfig.builder(pg.createDatabase("outage"), PostgresCluster.USER)
                    .connectTimeout(Duration.ofSeconds(1)).poolSize(2).build();
            Owner alice = Owner.of("/CN=Alice", "srmuser1");
            NewRequest get = NewRequest.of(RequestKind.GET, alice, Duration.ofHours(1),
                    List.of(NewFile.of("srm://h/f")));
            try (RequestStore store = RequestStores.postgres(config, Clock.systemUTC())) {
                Request before = store.create(get);

                pg.stop();
                for (int i = 0; i < 3; i++) {
                    assertInternalError(() -> store.create(get));
                    assertInternalError(() -> store.load(before.token()));
                    assertInternalError(() -> store.update(before.token(),
                            r -> r.moveTo(RequestState.SUSPENDED, "", r.createdAt())));
                    assertInternalError(() -> store.expired(before.createdAt(), 10));
                }
                assertInternalError(() -> RequestStores.postgres(config, Clock.systemUTC()).close());

                pg.start();
                Request again = assertTimeoutPreemptively(NOT_A_HANG, () -> loadWhenBack(store, before));
                assertEquals(before, again);
                Request after = store.create(get);
                assertEquals(after, store.load(after.token()));
            }
        }
    }

    private static void assertInternalError(ThrowingCall call) {
        SrmException e = assertTimeoutPreemptively(NOT_A_HANG, () -> assertThrows(SrmException.class, call::run));
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
        assertEquals("request store unavailable", e.getMessage().replace("unreachable", "unavailable"));
    }

    /** The store's first calls after the database returns may still meet a connection that died with it. */
    private static Request loadWhenBack(RequestStore store, Request before) throws InterruptedException {
        while (true) {
            try {
                return store.load(before.token());
            } catch (SrmException e) {
                assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
                Thread.sleep(200);
            }
        }
    }

    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }
}

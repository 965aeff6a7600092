package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.core.contract.TestClock;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.SpaceToken;

/**
 * The embedded space store lives in the request store's database file: both open it, whichever first migrates it,
 * and their writers take turns on it (a put writes both) without losing a write of either.
 */
class SpaceBesideRequestsTest {
    private final TestClock clock = new TestClock(Instant.parse("2030-01-01T00:00:00Z"));
    private final Owner alice = new Owner("/CN=Alice", "a1", List.of("/atlas"));

    @TempDir
    Path stateDir;

    @Test
    void requestsAndReservationsShareOneFileAndBothWritersKeepEveryWrite() throws Exception {
        try (SpaceStore space = SpaceStores.embedded(stateDir, clock);
             RequestStore requests = RequestStores.embedded(stateDir, clock)) {
            assertEquals(List.of(RequestStores.EMBEDDED_FILE), Files.list(stateDir).map(p -> p.getFileName()
                    .toString()).filter(n -> n.endsWith(".db")).toList());
            SpaceReservation r = space.create(new SpaceReservation(new SpaceToken("T"), alice, Optional.of("/atlas"),
                    RetentionPolicy.REPLICA, AccessLatency.ONLINE, 1_000_000, 0, 0, clock.instant(),
                    Optional.empty(), Optional.empty(), SpaceState.RESERVED, false), SpaceQuota.UNLIMITED);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                done.add(pool.submit(() -> {
                    requests.create(NewRequest.of(RequestKind.PUT, alice, Duration.ofMinutes(5),
                            List.of(NewFile.of("srm://localhost/atlas/f"))));
                    return space.allocate(r.token(), 10, clock.instant());
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
            assertEquals(200, requests.findByOwner(alice, Optional.empty()).size());
            assertEquals(2_000, space.load(r.token()).usedBytes());
        }
        try (SpaceStore space = SpaceStores.embedded(stateDir, clock)) {
            assertEquals(2_000, space.load(new SpaceToken("T")).usedBytes());
        }
    }
}

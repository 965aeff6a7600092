package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.SharedPostgres;
import org.opensrm.core.contract.StoreFixture;

/** The reaper on a real PostgreSQL, and two frontends running it on one database at once. */
@Tag("integration")
class PostgresReaperTest extends ReaperTests {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @Override
    protected StoreFixture newFixture() throws Exception {
        return PG.newFixture();
    }

    @Test
    void twoFrontendsReapingOneDatabaseAtOnceDoEachThingOnce() throws Exception {
        List<Request> puts = new ArrayList<>();
        List<Path> uploads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Request r = env.create(RequestKind.PUT, env.alice, Optional.empty(), Duration.ofHours(1), PIN,
                    "/data/new" + i);
            env.serve(r, 0);
            puts.add(r);
            uploads.add(env.writeUpload(env.alice, r, 0, "half".getBytes(StandardCharsets.UTF_8)));
        }
        Request queued = env.create(RequestKind.GET, env.alice, Optional.empty(), Duration.ofMinutes(1), PIN,
                "/data/a");
        env.clock.advance(PIN);

        try (RequestStore second = fixture.open(env.clock); Reaper other = env.reaper(second, CONFIG)) {
            CyclicBarrier together = new CyclicBarrier(2);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Reaper.Pass>> passes = new ArrayList<>();
                for (Reaper each : List.of(reaper, other)) {
                    passes.add(pool.submit((Callable<Reaper.Pass>) () -> {
                        together.await();
                        return each.runOnce();
                    }));
                }
                Reaper.Pass a = passes.get(0).get();
                Reaper.Pass b = passes.get(1).get();
                assertEquals(6, a.expiredFiles() + b.expiredFiles(), a + " " + b);
                assertEquals(1, a.timedOut() + b.timedOut(), a + " " + b);
            } finally {
                pool.shutdownNow();
            }
        }
        for (int i = 0; i < puts.size(); i++) {
            assertEquals(FileState.FILE_LIFETIME_EXPIRED, env.load(puts.get(i)).file(0).state());
            assertFalse(Files.exists(uploads.get(i)));
        }
        assertEquals(RequestState.TIMED_OUT, env.load(queued).state());
    }
}

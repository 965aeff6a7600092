package org.opensrm.benchmarks.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.common.SrmPath;
import org.opensrm.core.Owner;
import org.opensrm.stores.PostgresStoreConfig;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceFile;
import org.opensrm.core.space.SpaceQuota;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceState;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.stores.SpaceStores;
import org.opensrm.core.space.SpaceToken;
import org.opensrm.testkit.PostgresCluster;

/**
 * The space store alone (see benchmarks/README.md): {@code --threads} threads put files into ONE reservation (the
 * worst case: every write takes the same row), each cycle a put's life in the space as full mode will run it:
 * allocate (admission at srmPrepareToPut), commit (srmPutDone), remove (srmRm) — three writes. Reports cycles/s,
 * and checks at the end that the used size came back to zero (no byte lost or counted twice). Embedded store under
 * a temporary directory; PostgreSQL: a cluster this program starts (fsync on). Markdown rows on stdout.
 */
public final class SpaceStoreBenchmark {
    private static final Owner OWNER = new Owner("/DC=org/DC=example/CN=Benchmark User", "srmuser1",
            List.of("/dteam/Role=NULL/Capability=NULL"));

    private SpaceStoreBenchmark() {
    }

    /** Opens a store over storage named {@code sub}. */
    @FunctionalInterface
    private interface Opener {
        SpaceStore open() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        List<String> stores = List.of("embedded", "postgres");
        int threads = 16;
        int seconds = 20;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--stores" -> stores = Arrays.asList(args[++i].split(","));
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("usage: [--stores embedded,postgres] [--threads N] "
                        + "[--seconds N]");
            }
        }
        System.out.println("| store | threads | put cycles/s into one reservation (3 writes each) |");
        System.out.println("|---|---|---|");
        for (String kind : stores) {
            if (kind.equals("embedded")) {
                Path dir = Files.createTempDirectory("opensrm-space-bench-");
                run("embedded (SQLite)", threads, seconds, () -> SpaceStores.embedded(dir, Clock.systemUTC()));
            } else {
                try (PostgresCluster pg = PostgresCluster.create()) {
                    String url = pg.createDatabase("space");
                    int pool = Math.max(2, threads); // Flyway takes two connections to migrate
                    run("PostgreSQL 15", threads, seconds, () -> SpaceStores.postgres(
                            PostgresStoreConfig.builder(url, PostgresCluster.USER).poolSize(pool).build(),
                            Clock.systemUTC()));
                }
            }
        }
    }

    private static void run(String name, int threads, int seconds, Opener opener) throws Exception {
        try (SpaceStore store = opener.open()) {
            SpaceReservation r = store.create(new SpaceReservation(SpaceToken.random(new TokenGenerator()), OWNER,
                    Optional.of("/dteam"), RetentionPolicy.REPLICA, AccessLatency.ONLINE, 1L << 50, 1L << 50, 0,
                    Instant.now(), Optional.empty(), Optional.of("benchmark"), SpaceState.RESERVED, false),
                    SpaceQuota.UNLIMITED);
            System.err.printf("%s: %d threads for %d s%n", name, threads, seconds);
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            long start = System.nanoTime();
            AtomicLong done = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                all.add(pool.submit(() -> {
                    for (long i = 0; System.nanoTime() < end; i++) {
                        SrmPath path = SrmPath.of("/dteam/bench/t" + thread + "/f" + i);
                        store.allocate(r.token(), 1000, Instant.now());
                        store.commitFile(new SpaceFile(r.token(), path, 1000, Optional.empty()), 1000,
                                Instant.now());
                        store.removeFile(path);
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : all) {
                f.get();
            }
            pool.shutdown();
            double rate = done.get() / ((System.nanoTime() - start) / 1e9);
            long used = store.load(r.token()).usedBytes();
            if (used != 0) {
                throw new IllegalStateException("used size " + used + " after every file was removed");
            }
            System.out.printf("| %s | %d | %.0f |%n", name, threads, rate);
        }
    }
}

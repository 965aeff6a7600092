package org.opensrm.benchmarks.store;

import static org.opensrm.benchmarks.store.StoreWorkload.delete;
import static org.opensrm.benchmarks.store.StoreWorkload.fillFinished;
import static org.opensrm.benchmarks.store.StoreWorkload.oneFile;
import static org.opensrm.benchmarks.store.StoreWorkload.parallel;
import static org.opensrm.benchmarks.store.StoreWorkload.progress;
import static org.opensrm.benchmarks.store.StoreWorkload.release;
import static org.opensrm.benchmarks.store.StoreWorkload.reopen;
import static org.opensrm.benchmarks.store.StoreWorkload.serve;
import static org.opensrm.benchmarks.store.StoreWorkload.statusReads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.opensrm.core.FileState;
import org.opensrm.stores.PostgresStoreConfig;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;
import org.opensrm.core.RequestToken;
import org.opensrm.testkit.PostgresCluster;

/**
 * The full-mode request store alone, without SOAP or network (see benchmarks/README.md):
 * <ol>
 *   <li><b>cycle</b>: {@code --threads} threads each repeat one single-file get as the engine will run it:
 *       create (srmPrepareToGet), serve the file (the scheduler pins it and sets its TURL), load (one
 *       srmStatusOfGetRequest), release (srmReleaseFiles) — four store calls, three of them writes;</li>
 *   <li><b>size</b>: fills the store with {@code --finished} finished requests (create + abort, from the same
 *       threads), then reports the store's size and the latency of {@code --reads} loads of random finished
 *       requests (one srmStatusOf* each) from one thread;</li>
 *   <li><b>reopen</b>: {@code --queued} queued single-file requests in a fresh store, then the store is closed,
 *       and the time to open it again (schema check included) and read every active request with its files
 *       ({@code forEach}, what the engine does on start) is reported.</li>
 * </ol>
 * Each store (embedded SQLite under a temporary directory; PostgreSQL: a cluster this program starts with
 * initdb/pg_ctl, fsync on) is measured from empty. Markdown rows on stdout, progress on stderr.
 */
public final class RequestStoreBenchmark {
    private RequestStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        System.out.println("| store | threads | cycles/s (4 store calls each) | finished requests | store size | "
                + "size per request | status read p50 / p99 (ms) | queued file requests | reopen + load all (s) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (String kind : o.stores) {
            if (kind.equals("embedded")) {
                Path dir = Files.createTempDirectory("opensrm-bench-");
                try {
                    run(o, "embedded (SQLite)", sub -> RequestStores.embedded(dir.resolve(sub), Clock.systemUTC()),
                            sub -> sizeOf(dir.resolve(sub)));
                } finally {
                    delete(dir);
                }
            } else {
                try (PostgresCluster pg = PostgresCluster.create()) {
                    Set<String> made = new HashSet<>();
                    run(o, "PostgreSQL 15", sub -> RequestStores.postgres(PostgresStoreConfig.builder(
                                    made.add(sub) ? pg.createDatabase(sub) : pg.jdbcUrl(sub), PostgresCluster.USER)
                                    .poolSize(o.threads).build(), Clock.systemUTC()),
                            sub -> databaseSize(pg.jdbcUrl(sub)));
                }
            }
        }
    }

    private static void run(Options o, String name, StoreWorkload.Opener open, Sizer size) throws Exception {
        double cycles;
        try (RequestStore store = open.open("cycle")) {
            cycles = cycles(store, o.threads, o.seconds);
        }
        progress("  %.0f cycles/s", cycles);
        long bytes;
        double[] latency;
        try (RequestStore store = open.open("size")) {
            List<RequestToken> sample = fillFinished(store, o.threads, o.finished);
            latency = statusReads(sample, o.reads, t -> store.load(t).status());
        }
        bytes = size.bytes("size");
        progress("  %,d bytes; status read p50 %.2f ms, p99 %.2f ms", bytes, latency[0], latency[1]);
        double reopen = reopen(open, o.queued);
        System.out.printf("| %s | %d | %.0f | %,d | %.0f MiB | %.0f B | %.2f / %.2f | %,d | %.1f |%n", name, o.threads,
                cycles, o.finished, bytes / 1048576.0, (double) bytes / Math.max(1, o.finished), latency[0],
                latency[1], o.queued, reopen);
    }

    private static double cycles(RequestStore store, int threads, int seconds) throws Exception {
        progress("cycles: %d threads for %d s", threads, seconds);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        long start = System.nanoTime();
        parallel(threads, () -> {
            long i = 0;
            while (System.nanoTime() < end) {
                Request r = store.create(oneFile(RequestKind.GET, i++));
                serve(store, r.token());
                Request polled = store.load(r.token());
                if (polled.file(0).state() != FileState.FILE_PINNED) {
                    throw new IllegalStateException("not pinned: " + polled.file(0).state());
                }
                release(store, r.token());
                done.incrementAndGet();
            }
            return null;
        });
        return done.get() / ((System.nanoTime() - start) / 1e9);
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static long databaseSize(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, PostgresCluster.USER, "");
             ResultSet rs = c.createStatement().executeQuery("SELECT pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @FunctionalInterface
    private interface Sizer {
        long bytes(String name) throws Exception;
    }

    /** Command-line options and their defaults. */
    private record Options(List<String> stores, int threads, int seconds, int finished, int reads, int queued) {
        static Options parse(String[] args) {
            List<String> stores = List.of("embedded", "postgres");
            int threads = 16;
            int seconds = 20;
            int finished = 1_000_000;
            int reads = 20_000;
            int queued = 100_000;
            for (int i = 0; i < args.length; i += 2) {
                String v = args[i + 1];
                switch (args[i]) {
                    case "--stores" -> stores = List.of(v.split(","));
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--seconds" -> seconds = Integer.parseInt(v);
                    case "--finished" -> finished = Integer.parseInt(v);
                    case "--reads" -> reads = Integer.parseInt(v);
                    case "--queued" -> queued = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            return new Options(stores, threads, seconds, finished, reads, queued);
        }
    }
}

package org.opensrm.benchmarks.store;

import static org.opensrm.benchmarks.store.StoreWorkload.OWNER;
import static org.opensrm.benchmarks.store.StoreWorkload.delete;
import static org.opensrm.benchmarks.store.StoreWorkload.fillFinished;
import static org.opensrm.benchmarks.store.StoreWorkload.progress;
import static org.opensrm.benchmarks.store.StoreWorkload.statusReads;
import static org.opensrm.benchmarks.store.StoreWorkload.writeQueued;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;
import org.opensrm.core.RequestToken;

/**
 * Full mode at scale on the embedded store (see benchmarks/README.md, {@code run-store-scale}):
 * <ol>
 *   <li><b>StatusOf with many finished requests</b>: {@code --finished} finished requests written straight through
 *       {@link RequestStores#embedded} ({@code --threads} writers, so the store's group commit batches them), the
 *       store opened again under a started full mode ({@link EngineOverStore}), then {@code --reads} status reads of
 *       random ones from one thread, first from the store as a status operation makes them ({@code loadOwned}),
 *       then through the engine ({@code QueuedGetService.status}: owner check and the answer built), p50/p99
 *       (nearest rank);</li>
 *   <li><b>live heap</b>: with that store and engine running, after the reads, the heap still in use after full
 *       collections ({@code MemoryMXBean} after {@code System.gc()}), beside the process's resident size (SQLite's
 *       page cache lives outside the Java heap);</li>
 *   <li><b>restart</b>: {@code --queued} queued single-file gets in a fresh store, closed, then the time from opening
 *       it to the first status answered by a started full mode ({@code FullMode.start} reads and queues them all).</li>
 * </ol>
 * One Markdown row on stdout, progress on stderr.
 */
public final class StoreScaleBenchmark {
    private static final double MIB = 1024.0 * 1024.0;

    private StoreScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        Path dir = Files.createTempDirectory("opensrm-scale-");
        try {
            StoreWorkload.Opener open = sub -> RequestStores.embedded(dir.resolve(sub), Clock.systemUTC());
            long fillStart = System.nanoTime();
            List<RequestToken> sample;
            try (RequestStore store = open.open("finished")) {
                sample = fillFinished(store, o.threads, o.finished);
            }
            double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
            progress("  filled in %.0f s (%.0f requests/s)", fillSeconds, o.finished / fillSeconds);

            double[] store;
            double[] engine;
            double heapMiB;
            try (RequestStore opened = open.open("finished");
                 EngineOverStore full = new EngineOverStore(opened, dir.resolve("root"))) {
                StoreWorkload.StatusRead byStore = t -> opened.loadOwned(t, OWNER).status();
                StoreWorkload.StatusRead byEngine = t -> full.status(t.value()).status();
                statusReads(sample, Math.min(o.reads, 2_000), byEngine); // warm-up
                store = statusReads(sample, o.reads, byStore);
                engine = statusReads(sample, o.reads, byEngine);
                heapMiB = liveHeapBytes() / MIB;
            }
            double rssMiB = residentBytes() / MIB;
            progress("  StatusOf p50/p99: store %.3f/%.3f ms, engine %.3f/%.3f ms; live heap %.0f MiB, resident %.0f MiB",
                    store[0], store[1], engine[0], engine[1], heapMiB, rssMiB);

            double restart = restart(open, dir.resolve("root"), o.queued);
            progress("  restart with %,d queued file requests: %.1f s", o.queued, restart);

            System.out.println("| finished requests | StatusOf p50 / p99: store (loadOwned) | engine "
                    + "(QueuedGetService.status) | live heap after GC | resident | queued file requests | restart: "
                    + "open + FullMode.start + first status | targets (p99 < 5 ms, heap < 256 MiB, restart < 10 s) |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            System.out.printf("| %,d | %.3f / %.3f ms | %.3f / %.3f ms | %.0f MiB | %.0f MiB | %,d | %.1f s | %s, %s, %s |%n",
                    o.finished, store[0], store[1], engine[0], engine[1], heapMiB, rssMiB, o.queued, restart,
                    engine[1] < 5 ? "met" : "missed", heapMiB < 256 ? "met" : "missed",
                    restart < 10 ? "met" : "missed");
        } finally {
            delete(dir);
        }
    }

    /**
     * {@code queued} queued single-file gets in a fresh store, closed; then seconds from opening it to the first
     * status answered by a started full mode (its resume scan queued them all).
     */
    private static double restart(StoreWorkload.Opener open, Path root, int queued) throws Exception {
        List<RequestToken> tokens;
        try (RequestStore store = open.open("restart")) {
            tokens = writeQueued(store, RequestKind.GET, queued);
        }
        long s = System.nanoTime();
        try (RequestStore store = open.open("restart"); EngineOverStore full = new EngineOverStore(store, root)) {
            int waiting = full.waitingGets();
            full.status(tokens.get(tokens.size() / 2).value());
            double seconds = (System.nanoTime() - s) / 1e9;
            progress("  resumed: %,d file requests queued or in progress when start returned", waiting);
            return seconds;
        }
    }

    /** Heap in use after full collections: what the live objects take. */
    private static long liveHeapBytes() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** VmRSS of this process (0 where /proc is missing). */
    private static long residentBytes() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return 0;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return 0;
    }

    /** Command-line options and their defaults. */
    private record Options(int threads, int finished, int reads, int queued) {
        static Options parse(String[] args) {
            int threads = 16;
            int finished = 1_000_000;
            int reads = 20_000;
            int queued = 100_000;
            for (int i = 0; i < args.length; i += 2) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                int v = Integer.parseInt(args[i + 1]);
                switch (args[i]) {
                    case "--threads" -> threads = v;
                    case "--finished" -> finished = v;
                    case "--reads" -> reads = v;
                    case "--queued" -> queued = v;
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + " (--finished N, --reads N, --queued N, --threads N)");
                }
            }
            return new Options(threads, finished, reads, queued);
        }
    }
}

package org.opensrm.benchmarks.store;

import static org.opensrm.benchmarks.store.StoreWorkload.OWNER;
import static org.opensrm.benchmarks.store.StoreWorkload.delete;
import static org.opensrm.benchmarks.store.StoreWorkload.oneFile;
import static org.opensrm.benchmarks.store.StoreWorkload.parallel;
import static org.opensrm.benchmarks.store.StoreWorkload.progress;
import static org.opensrm.benchmarks.store.StoreWorkload.release;
import static org.opensrm.benchmarks.store.StoreWorkload.serve;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.core.FileState;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;

/**
 * What the embedded store costs per get cycle as the server makes it, without SOAP or network (see
 * benchmarks/README.md): {@code --threads} threads each repeat create (srmPrepareToGet), serve (the pin),
 * {@code loadOwned} (srmStatusOfGetRequest), {@code loadOwned} (srmReleaseFiles' owner check), release: three writes
 * and two reads. After {@code --warmup} seconds, for {@code --seconds}: cycles/s and CPU microseconds per cycle of
 * the process, of the store's writer thread and of the calling threads (the readers), from the JVM's thread CPU
 * clocks. One Markdown row on stdout.
 */
public final class StoreCycleCost {
    private StoreCycleCost() {
    }

    public static void main(String[] args) throws Exception {
        int threads = 16;
        int seconds = 20;
        int warmup = 10;
        for (int i = 0; i < args.length; i += 2) {
            int value = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--threads" -> threads = value;
                case "--seconds" -> seconds = value;
                case "--warmup" -> warmup = value;
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--threads N, --seconds S, --warmup S)");
            }
        }
        Path dir = Files.createTempDirectory("opensrm-cycle-cost-");
        try (RequestStore store = RequestStores.embedded(dir, Clock.systemUTC())) {
            progress("warm-up: %d threads for %d s", threads, warmup);
            run(store, threads, warmup, new AtomicLong(), new AtomicLong());
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long[] before = cpu(mx);
            long start = System.nanoTime();
            AtomicLong cycles = new AtomicLong();
            AtomicLong callers = new AtomicLong();
            progress("measured: %d threads for %d s", threads, seconds);
            run(store, threads, seconds, cycles, callers);
            double elapsed = (System.nanoTime() - start) / 1e9;
            long[] after = cpu(mx);
            double n = cycles.get();
            System.out.println("| threads | cycles/s | CPU µs per cycle: process | writer thread | callers |");
            System.out.println("|---|---|---|---|---|");
            System.out.printf("| %d | %.0f | %.0f | %.0f | %.0f |%n", threads, n / elapsed,
                    (after[0] - before[0]) / 1e3 / n, (after[1] - before[1]) / 1e3 / n, callers.get() / 1e3 / n);
        } finally {
            delete(dir);
        }
    }

    private static void run(RequestStore store, int threads, int seconds, AtomicLong done, AtomicLong callerCpu)
            throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        parallel(threads, () -> {
            long cpuAtStart = mx.getCurrentThreadCpuTime();
            long i = 0;
            while (System.nanoTime() < end) {
                Request r = store.create(oneFile(RequestKind.GET, i++));
                serve(store, r.token());
                if (store.loadOwned(r.token(), OWNER).file(0).state() != FileState.FILE_PINNED) {
                    throw new IllegalStateException("not pinned");
                }
                store.loadOwned(r.token(), OWNER);
                release(store, r.token());
                done.incrementAndGet();
            }
            callerCpu.addAndGet(mx.getCurrentThreadCpuTime() - cpuAtStart);
            return null;
        });
    }

    /** CPU nanoseconds so far: the process, the store's writer thread. */
    private static long[] cpu(ThreadMXBean mx) {
        long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        long writer = 0;
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith("srm-store-writer")) {
                writer += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return new long[] {process, writer};
    }
}

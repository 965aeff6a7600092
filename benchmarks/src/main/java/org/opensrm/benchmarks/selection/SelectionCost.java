package org.opensrm.benchmarks.selection;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.opensrm.common.SrmException;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.gridftp.NodeHealth;
import org.opensrm.gridftp.SelectionPolicy;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadSnapshot;

/**
 * Cost of one door choice (one TURL) on the request path with many doors: loadprobe over a ranked snapshot of
 * {@code --doors} doors (a tenth of them unknown, full or dead), and, for comparison, random and round-robin over
 * the same doors (all up). Single-threaded and with {@code --threads} threads at once. Plain main, no JMH: a warm-up,
 * then {@code --rounds} timed rounds of {@code --calls} calls each; the median round is reported, in ns per call.
 *
 * <pre>benchmarks/run-selection cost [--doors 500] [--calls 1000000] [--rounds 5] [--threads 2]</pre>
 */
public final class SelectionCost {
    private SelectionCost() {
    }

    public static void main(String[] args) throws Exception {
        int doors = intArg(args, "--doors", 500);
        int calls = intArg(args, "--calls", 1_000_000);
        int rounds = intArg(args, "--rounds", 5);
        int threads = intArg(args, "--threads", 2);
        List<GridFtpNode> nodes = new ArrayList<>();
        List<DoorLoad> loads = new ArrayList<>();
        Random rnd = new Random(1);
        for (int i = 0; i < doors; i++) {
            GridFtpNode n = new GridFtpNode("door" + i + ".example.org", 2811);
            nodes.add(n);
            DoorState s = i % 10 == 7 ? DoorState.values()[1 + i % 3] : DoorState.UP;
            loads.add(new DoorLoad(n, s, s == DoorState.UP ? rnd.nextDouble() : Double.NaN, "benchmark"));
        }
        LoadSnapshot snapshot = new LoadSnapshot(loads);
        GridFtpSelector loadprobe = new LoadProbeSelector(nodes, NodeHealth.ALWAYS_UP, () -> snapshot, 0.10);
        GridFtpSelector random = GridFtpSelectors.create(SelectionPolicy.RANDOM, nodes, NodeHealth.ALWAYS_UP);
        GridFtpSelector roundRobin = GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN, nodes, NodeHealth.ALWAYS_UP);

        System.out.println("| selector | doors | threads | ns per choice (median of " + rounds + " rounds) |");
        System.out.println("|---|---:|---:|---:|");
        for (int t : new int[] {1, threads}) {
            row("loadprobe", loadprobe, doors, t, calls, rounds);
            row("random", random, doors, t, calls, rounds);
            row("roundrobin", roundRobin, doors, t, calls, rounds);
        }
    }

    private static void row(String name, GridFtpSelector s, int doors, int threads, int calls, int rounds)
            throws Exception {
        run(s, threads, calls); // warm-up
        long[] nanos = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            nanos[r] = run(s, threads, calls);
        }
        java.util.Arrays.sort(nanos);
        double perCall = (double) nanos[rounds / 2] / calls; // wall time per call of one thread
        System.out.printf("| %s | %d | %d | %.0f |%n", name, doors, threads, perCall);
    }

    /** Wall time of {@code threads} threads making {@code calls} choices each. */
    private static long run(GridFtpSelector s, int threads, int calls) throws Exception {
        Thread[] workers = new Thread[threads];
        long[] sink = new long[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                long h = 0;
                try {
                    for (int i = 0; i < calls; i++) {
                        h += s.select().port();
                    }
                } catch (SrmException e) {
                    failure[0] = e;
                }
                sink[id] = h;
            });
        }
        long t0 = System.nanoTime();
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        long took = System.nanoTime() - t0;
        if (failure[0] != null || sink[0] == 42) {
            throw new IllegalStateException("selection failed", failure[0]);
        }
        return took;
    }

    static int intArg(String[] args, String name, int def) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return def;
    }
}

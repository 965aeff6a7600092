package org.opensrm.benchmarks.selection;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadProbeConfig;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.NodeHealth;
import org.opensrm.gridftp.internal.LoadFigure;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadSnapshot;

/**
 * 1,000 transfers over 10 doors of unequal capacity, simulated in steps of 50 ms: how evenly random, round-robin,
 * loadprobe (the real {@link LoadProbeSelector} over {@link LoadSnapshot}s built with the real {@link LoadFigure}
 * from what an agent would report every probe interval) and a naive "least loaded" (always the first of the ranking)
 * spread the load. A door shares its link among its transfers (each at most {@link #CLIENT_MB_S} MB/s); transfers
 * arrive as a Poisson stream at {@code --utilisation} of the total capacity, sizes exponential (mean 1,000 MB).
 *
 * <p>Spread = the time-averaged coefficient of variation, across doors, of sessions per 100 MB/s of the door's
 * capacity (0 = every door carries load in proportion to its capacity). Also the mean, 95th percentile and worst
 * transfer time. Averaged over {@code --seeds} arrival streams. Writes a Markdown table to stdout and, with
 * {@code --png FILE}, a bar chart of each door's time-averaged sessions per 100 MB/s by policy.
 *
 * <pre>benchmarks/run-selection spread [--utilisation 0.7] [--interval 10] [--seeds 5] [--png docs/loadprobe-spread.png]</pre>
 */
public final class LoadSpreadSimulation {
    static final double[] CAPACITY_MB_S = {100, 100, 100, 200, 200, 200, 400, 400, 800, 800};
    static final double CLIENT_MB_S = 100;
    static final double MEAN_MB = 1000;
    static final int TRANSFERS = 1000;
    static final double DT = 0.05;
    static final String[] POLICIES = {"random", "roundrobin", "loadprobe", "least-loaded"};

    private LoadSpreadSimulation() {
    }

    /** What one run measured. */
    record Result(double spread, double meanSeconds, double p95Seconds, double maxSeconds, double[] perDoor) {
    }

    public static void main(String[] args) throws Exception {
        double utilisation = Double.parseDouble(arg(args, "--utilisation", "0.7"));
        double interval = Double.parseDouble(arg(args, "--interval", "10"));
        int seeds = SelectionCost.intArg(args, "--seeds", 5);
        String png = arg(args, "--png", null);
        System.out.printf("%d transfers (exponential sizes, mean %.0f MB, each at most %.0f MB/s) over 10 doors of "
                + "%s MB/s, arrivals at %.0f %% of the total capacity, load probed every %.0f s; mean of %d runs.%n%n",
                TRANSFERS, MEAN_MB, CLIENT_MB_S, Arrays.toString(CAPACITY_MB_S), utilisation * 100, interval, seeds);
        System.out.println("| policy | spread (CV of sessions per capacity) | mean transfer s | p95 s | worst s |");
        System.out.println("|---|---:|---:|---:|---:|");
        double[][] perDoor = new double[POLICIES.length][];
        for (int p = 0; p < POLICIES.length; p++) {
            Result sum = null;
            for (int seed = 1; seed <= seeds; seed++) {
                Result r = run(POLICIES[p], utilisation, interval, seed);
                sum = sum == null ? r : add(sum, r);
            }
            Result mean = scale(sum, 1.0 / seeds);
            perDoor[p] = mean.perDoor();
            System.out.printf("| %s | %.2f | %.1f | %.1f | %.1f |%n", POLICIES[p], mean.spread(), mean.meanSeconds(),
                    mean.p95Seconds(), mean.maxSeconds());
        }
        if (png != null) {
            String[] doors = new String[CAPACITY_MB_S.length];
            for (int i = 0; i < doors.length; i++) {
                doors[i] = (int) CAPACITY_MB_S[i] + " MB/s";
            }
            BarChart.write(Path.of(png), "Sessions per 100 MB/s of door capacity, time-averaged (equal bars = load "
                    + "in proportion to capacity)", doors, POLICIES, perDoor);
            System.out.println();
            System.out.println("Plot: " + png);
        }
    }

    static Result run(String policy, double utilisation, double interval, int seed) {
        int n = CAPACITY_MB_S.length;
        double rate = utilisation * Arrays.stream(CAPACITY_MB_S).sum() / MEAN_MB;
        Random rnd = new Random(seed);
        double[] arrivals = new double[TRANSFERS];
        double[] sizes = new double[TRANSFERS];
        double t = 0;
        for (int i = 0; i < TRANSFERS; i++) {
            t += -Math.log(1 - rnd.nextDouble()) / rate;
            arrivals[i] = t;
            sizes[i] = -Math.log(1 - rnd.nextDouble()) * MEAN_MB;
        }
        List<GridFtpNode> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(new GridFtpNode("door" + i + ".example.org", 2811));
        }
        List<List<double[]>> active = new ArrayList<>(); // per door: {remaining MB, arrival time}
        for (int i = 0; i < n; i++) {
            active.add(new ArrayList<>());
        }
        LoadProbeConfig config = LoadProbeConfig.defaults();
        LoadSnapshot[] snapshot = {probe(nodes, active, config)};
        LoadProbeSelector loadprobe = new LoadProbeSelector(nodes, NodeHealth.ALWAYS_UP, () -> snapshot[0],
                config.nearTie());
        int[] next = {0};
        IntSupplier choose = switch (policy) {
            case "random" -> () -> rnd.nextInt(n);
            case "roundrobin" -> () -> next[0]++ % n;
            case "loadprobe" -> () -> nodes.indexOf(select(loadprobe));
            case "least-loaded" -> () -> leastLoaded(snapshot[0], nodes);
            default -> throw new IllegalArgumentException(policy);
        };
        List<Double> durations = new ArrayList<>();
        double[] perDoor = new double[n];
        double spreadSum = 0;
        long steps = 0;
        int arrived = 0;
        double nextProbe = interval;
        for (double now = 0; durations.size() < TRANSFERS; now += DT) {
            while (arrived < TRANSFERS && arrivals[arrived] <= now) {
                active.get(choose.getAsInt()).add(new double[] {sizes[arrived], arrivals[arrived]});
                arrived++;
            }
            double[] perCapacity = new double[n];
            for (int d = 0; d < n; d++) {
                List<double[]> list = active.get(d);
                double each = list.isEmpty() ? 0 : Math.min(CLIENT_MB_S, CAPACITY_MB_S[d] / list.size());
                for (int k = list.size() - 1; k >= 0; k--) {
                    double[] x = list.get(k);
                    x[0] -= each * DT;
                    if (x[0] <= 0) {
                        durations.add(now + DT - x[1]);
                        list.remove(k);
                    }
                }
                perCapacity[d] = list.size() / (CAPACITY_MB_S[d] / 100);
                perDoor[d] += perCapacity[d];
            }
            double mean = Arrays.stream(perCapacity).average().orElse(0);
            if (mean > 0) {
                double var = Arrays.stream(perCapacity).map(x -> (x - mean) * (x - mean)).average().orElse(0);
                spreadSum += Math.sqrt(var) / mean;
            }
            steps++;
            if (now >= nextProbe) {
                snapshot[0] = probe(nodes, active, config);
                nextProbe += interval;
            }
        }
        for (int d = 0; d < n; d++) {
            perDoor[d] /= steps;
        }
        double[] sorted = durations.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Result(spreadSum / steps, Arrays.stream(sorted).average().orElse(0),
                sorted[(int) Math.ceil(0.95 * sorted.length) - 1], sorted[sorted.length - 1], perDoor);
    }

    /** What the agents would report now, judged as the prober does. */
    private static LoadSnapshot probe(List<GridFtpNode> nodes, List<List<double[]>> active, LoadProbeConfig config) {
        List<DoorLoad> loads = new ArrayList<>();
        for (int d = 0; d < nodes.size(); d++) {
            int sessions = active.get(d).size();
            double bytes = Math.min(CAPACITY_MB_S[d], sessions * CLIENT_MB_S) * 1e6;
            double max = 10 * CAPACITY_MB_S[d] / 100; // the agent's --sessions-max
            LoadFigure f = LoadFigure.of(new LoadSample(sessions, max, bytes, CAPACITY_MB_S[d] * 1e6, Double.NaN), config);
            loads.add(new DoorLoad(nodes.get(d), f.full() ? DoorState.FULL : DoorState.UP, f.load(), "simulated"));
        }
        return new LoadSnapshot(loads);
    }

    private static int leastLoaded(LoadSnapshot s, List<GridFtpNode> nodes) {
        DoorLoad best = null;
        for (DoorLoad d : s.doors()) {
            if (d.state() == DoorState.UP && (best == null || d.load() < best.load())) {
                best = d;
            }
        }
        return nodes.indexOf(best.node());
    }

    private static GridFtpNode select(LoadProbeSelector s) {
        try {
            return s.select();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Result add(Result a, Result b) {
        double[] d = new double[a.perDoor().length];
        for (int i = 0; i < d.length; i++) {
            d[i] = a.perDoor()[i] + b.perDoor()[i];
        }
        return new Result(a.spread() + b.spread(), a.meanSeconds() + b.meanSeconds(), a.p95Seconds() + b.p95Seconds(),
                a.maxSeconds() + b.maxSeconds(), d);
    }

    private static Result scale(Result a, double f) {
        return new Result(a.spread() * f, a.meanSeconds() * f, a.p95Seconds() * f, a.maxSeconds() * f,
                Arrays.stream(a.perDoor()).map(x -> x * f).toArray());
    }

    private static String arg(String[] args, String name, String def) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return def;
    }
}

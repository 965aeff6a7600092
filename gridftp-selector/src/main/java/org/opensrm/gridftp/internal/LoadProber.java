package org.opensrm.gridftp.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadProbeConfig;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.LoadSource;
import org.opensrm.gridftp.NodeStatus;
import org.opensrm.gridftp.ProbeException;
import org.opensrm.gridftp.SelectorConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes every door each interval, in the background: the 220 banner (alive, {@code 421} = full, time to greet),
 * then the {@link LoadSource}, each bounded by the probe timeout, doors in parallel on a pool of at most 32 threads
 * (a round with many slow doors takes several waves; a probe not finished by the round's deadline counts as not
 * heard from). After each round it builds a new {@link LoadSnapshot} and swaps it in whole; the request path only
 * reads that reference.
 *
 * <p>A door's state after a round: DEAD when its banner probe failed, or when no probe of it finished for
 * {@code deadIntervals}; FULL on {@code 421} or sessions at their maximum; UP with fresh figures; UNKNOWN when its
 * figures failed (one log line when it becomes so, with the reason) or are older than {@code staleIntervals}.
 */
public final class LoadProber implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LoadProber.class);
    private static final int MAX_PROBE_THREADS = 32;

    private final List<GridFtpNode> nodes;
    private final LoadProbeConfig config;
    private final Duration interval;
    private final Duration timeout;
    private final LoadSource source;
    private final BannerProbe banner;
    private final Door[] doors;
    private final ScheduledExecutorService scheduler;
    private final ExecutorService pool;
    private final int threads;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean extraRound = new AtomicBoolean();
    private final AtomicLong rounds = new AtomicLong();
    private volatile LoadSnapshot current;

    /** What the prober remembers of one door between rounds; touched only by the round thread. */
    private static final class Door {
        final GridFtpNode node;
        long heardAt = Long.MIN_VALUE;
        NodeStatus banner;
        long bannerNanos;
        LoadSample sample;
        long sampleAt = Long.MIN_VALUE;
        String sampleError = "not probed yet";
        DoorState reported; // null until the first round judged it

        Door(GridFtpNode node) {
            this.node = node;
        }
    }

    /** One door's probe result. */
    private record Result(NodeStatus banner, long bannerNanos, LoadSample sample, String sampleError) {
    }

    public LoadProber(SelectorConfig config, LoadSource source) {
        this.nodes = config.nodes();
        this.config = config.loadProbe();
        this.interval = config.probeInterval();
        this.timeout = config.connectTimeout();
        this.source = source;
        this.banner = new BannerProbe(timeout, java.time.Clock.systemUTC());
        this.doors = nodes.stream().map(Door::new).toArray(Door[]::new);
        this.current = LoadSnapshot.unprobed(nodes);
        this.scheduler = daemons(1, "gridftp-loadprobe");
        this.threads = Math.min(nodes.size(), MAX_PROBE_THREADS);
        this.pool = Executors.newFixedThreadPool(threads, daemonFactory("gridftp-loadprobe-door"));
    }

    /** Starts probing; the first round runs at once. */
    public LoadProber start() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("prober already started");
        }
        scheduler.scheduleWithFixedDelay(this::roundSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        LOG.info("load-probing doors {} every {} (timeout {}; source {} {})", nodes, interval, timeout,
                config.source(), config.source() == LoadProbeConfig.Source.BANNER ? "" : config.endpoints());
        return this;
    }

    /**
     * Runs an extra round at once, in the background (a transfer through some door failed): a dead door is out of
     * the ranking a few milliseconds later instead of at the next round. At most one extra round waits at a time.
     */
    public void recheckSoon() {
        if (started.get() && !scheduler.isShutdown() && extraRound.compareAndSet(false, true)) {
            scheduler.execute(() -> {
                extraRound.set(false);
                roundSafely();
            });
        }
    }

    /** The ranking of the last round (all unknown before the first). */
    public LoadSnapshot snapshot() {
        return current;
    }

    /** Rounds finished so far. */
    public long completedRounds() {
        return rounds.get();
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        pool.shutdownNow();
    }

    private void roundSafely() {
        try {
            round();
        } catch (RuntimeException e) {
            LOG.warn("load probe round failed: {}", e.toString());
        }
    }

    void round() {
        List<Future<Result>> futures = new ArrayList<>(doors.length);
        for (Door d : doors) {
            futures.add(pool.submit(() -> probe(d.node)));
        }
        // each door's probe takes at most two timeouts (banner, then load); doors wait their turn for a thread
        long waves = (doors.length + threads - 1) / threads;
        long deadline = System.nanoTime() + waves * 2 * timeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
        List<DoorLoad> loads = new ArrayList<>(doors.length);
        for (int i = 0; i < doors.length; i++) {
            Result r = await(futures.get(i), deadline);
            long now = System.nanoTime();
            if (r != null) {
                record(doors[i], r, now);
            }
            loads.add(judge(doors[i], now));
        }
        current = new LoadSnapshot(loads);
        rounds.incrementAndGet();
    }

    private static Result await(Future<Result> f, long deadline) {
        try {
            return f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return null;
        }
    }

    private Result probe(GridFtpNode node) {
        long t0 = System.nanoTime();
        NodeStatus b = banner.probe(node);
        long took = System.nanoTime() - t0;
        if (!b.up() || !source.reports(node)) {
            return new Result(b, took, null, null);
        }
        try {
            return new Result(b, took, source.sample(node, timeout), null);
        } catch (ProbeException e) {
            return new Result(b, took, null, e.getMessage());
        } catch (RuntimeException e) {
            return new Result(b, took, null, "probe failed: " + e);
        }
    }

    private void record(Door d, Result r, long now) {
        d.heardAt = now;
        d.banner = r.banner();
        d.bannerNanos = r.bannerNanos();
        if (r.sample() != null) {
            d.sample = r.sample();
            d.sampleAt = now;
            d.sampleError = null;
        } else if (r.sampleError() != null) {
            d.sample = null;
            d.sampleError = r.sampleError();
        }
    }

    private DoorLoad judge(Door d, long now) {
        DoorLoad load = state(d, now);
        if (load.state() != d.reported && !(d.reported == null && load.detail().equals("not probed yet"))) {
            String was = d.reported == null ? "first probe" : "was " + d.reported.name().toLowerCase();
            if (load.state() == DoorState.UP) {
                LOG.info("door {} is up ({}): load {}", d.node, was, String.format("%.3f", load.load()));
            } else {
                LOG.warn("door {} is {} ({}): {}", d.node, load.state().name().toLowerCase(), was,
                        load.detail());
            }
            d.reported = load.state();
        } else {
            LOG.debug("door {}: {} {}", d.node, load.state(), load.detail());
        }
        return load;
    }

    /** What a door's probe waits for: GridFTP's 220, XRootD's handshake, an HTTP answer. */
    private static String greeting(GridFtpNode door) {
        switch (door.kind()) {
            case GridFtpNode.ROOT:
                return "handshake";
            case GridFtpNode.HTTPS:
                return "HTTP answer";
            default:
                return "220";
        }
    }

    private DoorLoad state(Door d, long now) {
        long intervalNanos = interval.toNanos();
        if (d.heardAt == Long.MIN_VALUE) {
            return new DoorLoad(d.node, DoorState.UNKNOWN, Double.NaN, "not probed yet");
        }
        if (now - d.heardAt > config.deadIntervals() * intervalNanos) {
            return new DoorLoad(d.node, DoorState.DEAD, Double.NaN,
                    "not heard from in " + config.deadIntervals() + " probe intervals");
        }
        if (!d.banner.up()) {
            boolean busy = BannerProbe.busy(d.banner);
            return new DoorLoad(d.node, busy ? DoorState.FULL : DoorState.DEAD, Double.NaN, d.banner.detail());
        }
        if (!source.reports(d.node)) {
            double load = (double) d.bannerNanos / timeout.toNanos();
            return new DoorLoad(d.node, DoorState.UP, load, greeting(d.node) + " after " + d.bannerNanos / 1_000_000
                    + " ms");
        }
        if (d.sample == null) {
            return new DoorLoad(d.node, DoorState.UNKNOWN, Double.NaN, d.sampleError);
        }
        if (now - d.sampleAt > config.staleIntervals() * intervalNanos) {
            return new DoorLoad(d.node, DoorState.UNKNOWN, Double.NaN,
                    "load figures older than " + config.staleIntervals() + " probe intervals");
        }
        LoadFigure f = LoadFigure.of(d.sample, config);
        String detail = describe(d.sample);
        if (f.full()) {
            return new DoorLoad(d.node, DoorState.FULL, f.load(), "sessions at their maximum " + (long) f.sessionsMax()
                    + ": " + detail);
        }
        if (Double.isNaN(f.load())) {
            return new DoorLoad(d.node, DoorState.UNKNOWN, Double.NaN, "no weighted load figure: " + detail);
        }
        return new DoorLoad(d.node, DoorState.UP, f.load(), detail);
    }

    private static String describe(LoadSample s) {
        return "sessions " + fmt(s.sessions()) + ", bytes/s " + fmt(s.bytesPerSecond()) + ", cpu " + fmt(s.cpu());
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format("%.3g", v);
    }

    private static ScheduledExecutorService daemons(int n, String name) {
        return Executors.newScheduledThreadPool(n, daemonFactory(name));
    }

    private static java.util.concurrent.ThreadFactory daemonFactory(String name) {
        AtomicInteger seq = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + seq.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}

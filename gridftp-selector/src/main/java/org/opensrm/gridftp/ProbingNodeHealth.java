package org.opensrm.gridftp;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.gridftp.internal.BannerProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background health of the configured nodes: one daemon thread probes every node each
 * {@link SelectorConfig#probeInterval()} (TCP connect + {@code 220} banner within
 * {@link SelectorConfig#connectTimeout()}). {@link #isUp} only reads memory.
 *
 * <p><b>Before the first probe of a node it is assumed up</b>, so a server that starts while a GridFTP node is
 * still booting does not refuse work it could route; a dead node is found out within one probe round
 * (the first round starts immediately on {@link #start()}). Nodes that were not configured are reported up.
 */
public final class ProbingNodeHealth implements NodeHealth, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProbingNodeHealth.class);

    private final SelectorConfig config;
    private final BannerProbe probe;
    private final Map<GridFtpNode, NodeStatus> state = new ConcurrentHashMap<>();
    private final AtomicLong rounds = new AtomicLong();
    private final AtomicBoolean started = new AtomicBoolean();
    private final ScheduledExecutorService executor;

    /** Creates the prober without starting it; every node is {@link NodeStatus#NOT_YET_PROBED}. */
    public ProbingNodeHealth(SelectorConfig config) {
        this.config = config;
        this.probe = new BannerProbe(config.connectTimeout(), Clock.systemUTC());
        config.nodes().forEach(n -> state.put(n, NodeStatus.NOT_YET_PROBED));
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gridftp-health");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts probing; the first round runs at once. Calling it twice, or after {@link #close()}, is an error. */
    public ProbingNodeHealth start() {
        if (!started.compareAndSet(false, true) || executor.isShutdown()) {
            throw new IllegalStateException("prober already started or closed");
        }
        executor.scheduleWithFixedDelay(this::probeAll, 0, config.probeInterval().toMillis(), TimeUnit.MILLISECONDS);
        LOG.info("probing doors {} every {} (timeout {})", config.nodes(), config.probeInterval(),
                config.connectTimeout());
        return this;
    }

    @Override
    public boolean isUp(GridFtpNode node) {
        NodeStatus s = state.get(node);
        return s == null || s.up();
    }

    /** The last known status of a node ({@link NodeStatus#NOT_YET_PROBED} for nodes not configured). */
    public NodeStatus status(GridFtpNode node) {
        return state.getOrDefault(node, NodeStatus.NOT_YET_PROBED);
    }

    /** How many full probe rounds have finished; lets callers wait for fresh information. */
    public long completedRounds() {
        return rounds.get();
    }

    /** The nodes this prober watches. */
    public List<GridFtpNode> nodes() {
        return config.nodes();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    /**
     * Probes one configured node now, in the caller's thread (at most {@link SelectorConfig#connectTimeout()}), and
     * keeps the verdict: for a door a transfer just failed on, so that a dead door is out of the choice before the
     * next round (a killed door refuses the connection at once). Nodes that were not configured are ignored.
     */
    public void recheck(GridFtpNode node) {
        if (state.containsKey(node) && !executor.isShutdown()) {
            record(node, probe.probe(node));
        }
    }

    private void probeAll() {
        for (GridFtpNode node : config.nodes()) {
            if (executor.isShutdown()) {
                return;
            }
            record(node, probe.probe(node));
        }
        rounds.incrementAndGet();
    }

    private void record(GridFtpNode node, NodeStatus now) {
        NodeStatus before = state.put(node, now);
        if (before == null || before.up() != now.up() || !before.probed()) {
            if (now.up()) {
                LOG.info("door {} is up: {}", node, now.detail());
            } else {
                LOG.warn("door {} is down: {}", node, now.detail());
            }
        }
    }
}

package org.opensrm.gridftp.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.Doors;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.NoDoorAvailableException;
import org.opensrm.gridftp.NodeHealth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The load-probe policy on the request path: the less loaded of two doors drawn at random among the {@code UP}
 * doors of the current {@link LoadSnapshot} (power of two choices), the two taken as a tie, and one of them drawn
 * at random, when their loads differ by at most the near-tie fraction (or 0.005 of capacity). With no door UP, a
 * uniformly random {@code UNKNOWN} door; with none either, {@link NoDoorAvailableException}.
 *
 * <p>Why two choices and not "the least loaded": load figures are up to one probe interval old, and every TURL
 * handed out in that interval would go to the one door that looked best, which then drowns while the others idle
 * (the thundering herd). Two random choices never pick the most loaded door, favour the lightly loaded ones
 * strongly, and spread a burst over the light half of the doors; with stale information they keep the load
 * balanced where "least loaded" oscillates (Mitzenmacher, "How useful is old information?", 2000). It is also O(1)
 * per call whatever the number of doors: two random numbers, two array reads, no lock, no allocation.
 *
 * <p>The {@link NodeHealth} view is consulted too (the contract suite drives it); in production it is
 * {@link NodeHealth#ALWAYS_UP} because the prober's banner check is part of the snapshot.
 */
public final class LoadProbeSelector implements GridFtpSelector {
    private static final Logger LOG = LoggerFactory.getLogger(LoadProbeSelector.class);
    /** Loads this close (as fractions of capacity) are a tie whatever the near-tie fraction: idle doors read 0 ± noise. */
    static final double TIE_FLOOR = 0.005;

    private final List<GridFtpNode> nodes;
    private final NodeHealth health;
    private final Supplier<LoadSnapshot> snapshots;
    private final double nearTie;
    private final AtomicLongArray choices;
    private final LongAdder noDoor = new LongAdder();
    private final Set<String> servedByAll;
    private final Map<String, Serving> serving = new ConcurrentHashMap<>();

    public LoadProbeSelector(List<GridFtpNode> nodes, NodeHealth health, Supplier<LoadSnapshot> snapshots,
                             double nearTie) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one GridFTP node is needed");
        }
        this.nodes = List.copyOf(nodes);
        this.health = health;
        this.snapshots = snapshots;
        this.nearTie = nearTie;
        this.choices = new AtomicLongArray(nodes.size());
        Set<String> common = new HashSet<>(this.nodes.get(0).protocols());
        this.nodes.forEach(n -> common.retainAll(n.protocols()));
        this.servedByAll = Set.copyOf(common);
    }

    @Override
    public GridFtpNode select() throws NoDoorAvailableException {
        return select(snapshots.get(), GridFtpNode.GSIFTP);
    }

    @Override
    public GridFtpNode select(String protocol) throws NoDoorAvailableException {
        LoadSnapshot all = snapshots.get();
        if (allServe(protocol)) {
            return select(all, protocol);
        }
        Serving cached = serving.get(protocol);
        if (cached == null || cached.from != all) {
            cached = new Serving(all, all.serving(protocol));
            serving.put(protocol, cached);
        }
        if (cached.only.doors().isEmpty()) {
            noDoor.increment();
            throw new NoDoorAvailableException(NoDoorAvailableException.Reason.ALL_DOWN,
                    "no " + Doors.label(protocol) + " door is configured");
        }
        return select(cached.only, protocol);
    }

    private boolean allServe(String protocol) {
        return servedByAll.contains(protocol);
    }

    /** A round restricted to the doors of one protocol, and the round it was made from. */
    private record Serving(LoadSnapshot from, LoadSnapshot only) {
    }

    private GridFtpNode select(LoadSnapshot s, String label) throws NoDoorAvailableException {
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        int pick = bestOfTwo(s, rnd);
        if (pick >= 0) {
            return chosen(s.up[pick], s.upIndex[pick], s, pick);
        }
        pick = anyHealthy(s.unknown, rnd);
        if (pick >= 0) {
            if (LOG.isDebugEnabled()) {
                LOG.debug("chose {}: no door has fresh load figures, random among the {} unknown", s.unknown[pick],
                        s.unknown.length);
            }
            choices.incrementAndGet(s.unknownIndex[pick]);
            return s.unknown[pick];
        }
        noDoor.increment();
        if (s.anyFull) {
            throw new NoDoorAvailableException(NoDoorAvailableException.Reason.ALL_BUSY,
                    "every " + Doors.label(label) + " door is busy, retry later (" + s.describe() + ")");
        }
        throw new NoDoorAvailableException(NoDoorAvailableException.Reason.ALL_DOWN,
                "no " + Doors.label(label) + " node is reachable (" + String.join(", ",
                        s.doors().stream().map(d -> d.node().toString()).toList())
                        + " all down)");
    }

    private GridFtpNode chosen(GridFtpNode node, int index, LoadSnapshot s, int rank) {
        choices.incrementAndGet(index);
        if (LOG.isDebugEnabled()) {
            LOG.debug("chose {}: load {} (rank {} of {} doors up; best {}, worst {})", node,
                    String.format("%.3f", s.upLoad[rank]), rank + 1, s.up.length,
                    String.format("%.3f", s.upLoad[0]), String.format("%.3f", s.upLoad[s.up.length - 1]));
        }
        return node;
    }

    /** Index in {@code s.up} of the less loaded of two distinct random healthy doors, or -1 when none is healthy. */
    private int bestOfTwo(LoadSnapshot s, ThreadLocalRandom rnd) {
        int n = s.up.length;
        if (n == 0) {
            return -1;
        }
        if (n == 1) {
            return health.isUp(s.up[0]) ? 0 : -1;
        }
        int i = rnd.nextInt(n);
        int j = i + 1 + rnd.nextInt(n - 1);
        if (j >= n) {
            j -= n;
        }
        boolean okI = health.isUp(s.up[i]);
        boolean okJ = health.isUp(s.up[j]);
        if (okI && okJ) {
            int a = Math.min(i, j);
            int b = Math.max(i, j);
            return isTie(s.upLoad[a], s.upLoad[b]) && rnd.nextBoolean() ? b : a;
        }
        if (okI || okJ) {
            return okI ? i : j;
        }
        return anyHealthy(s.up, rnd);
    }

    /** Whether {@code worse} (≥ {@code better}) is within the near-tie of {@code better}. */
    boolean isTie(double better, double worse) {
        return worse - better <= Math.max(TIE_FLOOR, better * nearTie);
    }

    /** A uniformly random healthy entry of {@code doors}, or -1. */
    private int anyHealthy(GridFtpNode[] doors, ThreadLocalRandom rnd) {
        int n = doors.length;
        if (n == 0) {
            return -1;
        }
        int start = rnd.nextInt(n);
        if (health.isUp(doors[start])) {
            return start;
        }
        int healthy = 0;
        int pick = -1;
        for (int k = 0; k < n; k++) {
            if (health.isUp(doors[k]) && rnd.nextInt(++healthy) == 0) {
                pick = k; // reservoir sampling: uniform among the healthy ones, no allocation
            }
        }
        return pick;
    }

    @Override
    public List<DoorLoad> doorLoads() {
        return snapshots.get().doors();
    }

    @Override
    public long choices(GridFtpNode node) {
        int i = nodes.indexOf(node);
        return i < 0 ? 0 : choices.get(i);
    }

    @Override
    public long noDoorAnswers() {
        return noDoor.sum();
    }

    @Override
    public String toString() {
        return "LoadProbeSelector" + nodes;
    }
}

package org.opensrm.gridftp;

import java.util.List;
import java.util.Map;
import org.opensrm.common.SrmException;
import org.opensrm.gridftp.internal.BannerProbe;
import org.opensrm.gridftp.internal.GmondSource;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadProber;
import org.opensrm.gridftp.internal.LoadSnapshot;
import org.opensrm.gridftp.internal.PrometheusSource;
import org.opensrm.gridftp.internal.RandomSelector;
import org.opensrm.gridftp.internal.RoundRobinSelector;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/** Factory for the composition root. */
public final class GridFtpSelectors {
    private GridFtpSelectors() {
    }

    /**
     * A selector over {@code config.nodes()} with its own background prober, already started: a
     * {@link ProbingNodeHealth} for random and round-robin, a load prober for {@link SelectionPolicy#LOAD_PROBE}.
     * Closing the selector stops the prober.
     */
    public static GridFtpSelector create(SelectorConfig config) {
        return create(config, Map.of());
    }

    /**
     * As {@link #create(SelectorConfig)}, the load prober asking {@code sources} for the doors of the kinds they
     * name (e.g. XRootD's own reporting for {@code root} doors) and the configured source for the others.
     */
    public static GridFtpSelector create(SelectorConfig config, Map<String, LoadSource> sources) {
        if (config.policy() == SelectionPolicy.LOAD_PROBE && config.loadProbe().source()
                == LoadProbeConfig.Source.XROOTD_SUMMARY) {
            return XrootdLoadProbe.create(config, sources);
        }
        if (config.policy() == SelectionPolicy.LOAD_PROBE) {
            LoadProber prober = new LoadProber(config,
                    LoadSource.byKind(sources, loadSource(config.loadProbe()))).start();
            return new OwningSelector(new LoadProbeSelector(config.nodes(), NodeHealth.ALWAYS_UP, prober::snapshot,
                    config.loadProbe().nearTie()), prober);
        }
        ProbingNodeHealth health = new ProbingNodeHealth(config).start();
        return new OwningSelector(create(config.policy(), config.nodes(), health), health);
    }

    /**
     * A selector with the given policy over the nodes, reading the caller's health (which the caller closes). The
     * load-probe policy made here has no prober: every door stays unknown and it chooses uniformly at random.
     */
    public static GridFtpSelector create(SelectionPolicy policy, List<GridFtpNode> nodes, NodeHealth health) {
        switch (policy) {
            case RANDOM:
                return new RandomSelector(nodes, health);
            case ROUND_ROBIN:
                return new RoundRobinSelector(nodes, health);
            case LOAD_PROBE:
                LoadSnapshot unprobed = LoadSnapshot.unprobed(nodes);
                return new LoadProbeSelector(nodes, health, () -> unprobed, LoadProbeConfig.DEFAULT_NEAR_TIE);
            default:
                throw new IllegalArgumentException("unsupported policy " + policy);
        }
    }

    /**
     * One health probe of a door now, by its kind (GridFTP's 220 banner, XRootD's handshake, TLS and an HTTP
     * answer), as the background probers make it; for checks at start-up, never on the request path.
     */
    public static NodeStatus probe(GridFtpNode door, java.time.Duration timeout) {
        return new BannerProbe(timeout, java.time.Clock.systemUTC()).probe(door);
    }

    /**
     * The load source a configuration names ({@link LoadSource#NONE} for the banner alone). An
     * {@code xrootd-summary} source binds its UDP receiver here and is {@link AutoCloseable}: the caller closes it.
     */
    public static LoadSource loadSource(LoadProbeConfig config) {
        switch (config.source()) {
            case XROOTD_SUMMARY:
                return XrootdSummarySource.open(config.xrootdSummary(), config.maxAnswerBytes());
            case PROMETHEUS:
                return new PrometheusSource(config::endpointsOf, config.maxAnswerBytes());
            case GMOND:
                return new GmondSource(config::endpointsOf, config.maxAnswerBytes());
            default:
                return LoadSource.NONE;
        }
    }

    /** Selector plus the prober it owns. */
    static final class OwningSelector implements GridFtpSelector {
        private final GridFtpSelector delegate;
        private final AutoCloseable prober;

        OwningSelector(GridFtpSelector delegate, AutoCloseable prober) {
            this.delegate = delegate;
            this.prober = prober;
        }

        @Override
        public GridFtpNode select() throws SrmException {
            return delegate.select();
        }

        @Override
        public GridFtpNode select(String protocol) throws SrmException {
            return delegate.select(protocol);
        }

        @Override
        public List<DoorLoad> doorLoads() {
            return delegate.doorLoads();
        }

        @Override
        public long choices(GridFtpNode node) {
            return delegate.choices(node);
        }

        @Override
        public long noDoorAnswers() {
            return delegate.noDoorAnswers();
        }

        @Override
        public void recheck(GridFtpNode door) {
            if (prober instanceof ProbingNodeHealth health) {
                health.recheck(door);
            } else if (prober instanceof LoadProber load) {
                load.recheckSoon();
            }
            delegate.recheck(door);
        }

        @Override
        public void close() {
            try {
                prober.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the GridFTP prober", e);
            }
            delegate.close();
        }

        @Override
        public String toString() {
            return delegate.toString();
        }
    }
}

package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.gridftp.internal.RandomSelector;
import org.opensrm.gridftp.internal.RoundRobinSelector;

/** Factory for the composition root. */
public final class GridFtpSelectors {
    private GridFtpSelectors() {
    }

    /**
     * A selector over {@code config.nodes()} with its own background {@link ProbingNodeHealth}, already started;
     * closing the selector stops the prober.
     */
    public static GridFtpSelector create(SelectorConfig config) {
        ProbingNodeHealth health = new ProbingNodeHealth(config).start();
        return new OwningSelector(create(config.policy(), config.nodes(), health), health);
    }

    /** A selector with the given policy over the nodes, reading the caller's health (which the caller closes). */
    public static GridFtpSelector create(SelectionPolicy policy, List<GridFtpNode> nodes, NodeHealth health) {
        switch (policy) {
            case RANDOM:
                return new RandomSelector(nodes, health);
            case ROUND_ROBIN:
                return new RoundRobinSelector(nodes, health);
            default:
                throw new IllegalArgumentException("unsupported policy " + policy);
        }
    }

    /** Selector plus the prober it owns. */
    private static final class OwningSelector implements GridFtpSelector {
        private final GridFtpSelector delegate;
        private final ProbingNodeHealth health;

        OwningSelector(GridFtpSelector delegate, ProbingNodeHealth health) {
            this.delegate = delegate;
            this.health = health;
        }

        @Override
        public GridFtpNode select() throws SrmException {
            return delegate.select();
        }

        @Override
        public void close() {
            health.close();
            delegate.close();
        }

        @Override
        public String toString() {
            return delegate.toString();
        }
    }
}

package org.opensrm.gridftp.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.opensrm.gridftp.AbstractGridFtpSelector;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeHealth;

/**
 * Strict rotation over the nodes that are up: while the set of up nodes is stable, successive calls cycle
 * through them in configuration order. One shared atomic counter, no lock.
 */
public final class RoundRobinSelector extends AbstractGridFtpSelector {
    private final AtomicLong next = new AtomicLong();

    public RoundRobinSelector(List<GridFtpNode> nodes, NodeHealth health) {
        super(nodes, health);
    }

    @Override
    protected GridFtpNode choose(GridFtpNode[] up, int count) {
        return up[(int) Math.floorMod(next.getAndIncrement(), (long) count)];
    }

    @Override
    public String toString() {
        return "RoundRobinSelector" + nodes();
    }
}

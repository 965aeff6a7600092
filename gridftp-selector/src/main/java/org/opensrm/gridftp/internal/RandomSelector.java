package org.opensrm.gridftp.internal;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.opensrm.gridftp.AbstractGridFtpSelector;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeHealth;

/** Uniformly random choice among the nodes that are up. */
public final class RandomSelector extends AbstractGridFtpSelector {

    public RandomSelector(List<GridFtpNode> nodes, NodeHealth health) {
        super(nodes, health);
    }

    @Override
    protected GridFtpNode choose(GridFtpNode[] up, int count) {
        return up[ThreadLocalRandom.current().nextInt(count)];
    }

    @Override
    public String toString() {
        return "RandomSelector" + nodes();
    }
}

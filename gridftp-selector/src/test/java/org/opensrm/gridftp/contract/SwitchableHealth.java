package org.opensrm.gridftp.contract;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.NodeHealth;

/** A health view the test controls: every node is up until {@link #down} says otherwise. Thread-safe. */
public final class SwitchableHealth implements NodeHealth {
    private final Set<GridFtpNode> down = ConcurrentHashMap.newKeySet();

    public SwitchableHealth down(GridFtpNode... nodes) {
        down.addAll(Set.of(nodes));
        return this;
    }

    public SwitchableHealth up(GridFtpNode... nodes) {
        down.removeAll(Set.of(nodes));
        return this;
    }

    @Override
    public boolean isUp(GridFtpNode node) {
        return !down.contains(node);
    }
}

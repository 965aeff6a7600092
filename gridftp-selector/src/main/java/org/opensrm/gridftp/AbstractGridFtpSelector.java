package org.opensrm.gridftp;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * Base of the selectors: keeps the configured nodes, asks {@link NodeHealth} which are up (from memory) and lets
 * the policy choose among those. Subclasses implement {@link #choose(GridFtpNode[], int)} lock-free.
 */
public abstract class AbstractGridFtpSelector implements GridFtpSelector {
    private final List<GridFtpNode> nodes;
    private final NodeHealth health;

    protected AbstractGridFtpSelector(List<GridFtpNode> nodes, NodeHealth health) {
        this.nodes = List.copyOf(nodes);
        this.health = Objects.requireNonNull(health, "health");
        if (this.nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one GridFTP node is needed");
        }
    }

    @Override
    public final GridFtpNode select() throws SrmException {
        return select(null, GridFtpNode.GSIFTP);
    }

    @Override
    public final GridFtpNode select(String protocol) throws SrmException {
        return select(Objects.requireNonNull(protocol, "protocol"), protocol);
    }

    /** A door up among those serving {@code protocol} (any door when null); {@code label} names them in messages. */
    private GridFtpNode select(String protocol, String label) throws SrmException {
        GridFtpNode[] up = new GridFtpNode[nodes.size()];
        int count = 0;
        int serving = 0;
        for (GridFtpNode node : nodes) {
            if (protocol == null || node.serves(protocol)) {
                serving++;
                if (health.isUp(node)) {
                    up[count++] = node;
                }
            }
        }
        if (count == 0) {
            List<GridFtpNode> named = protocol == null ? nodes : Doors.serving(nodes, protocol);
            throw new SrmException(SrmStatus.SRM_FAILURE, serving == 0 ? "no " + Doors.label(label)
                    + " door is configured" : "no " + Doors.label(label) + " node is reachable ("
                    + named.stream().map(GridFtpNode::toString).collect(Collectors.joining(", ")) + " all down)");
        }
        return choose(up, count);
    }

    /** The configured nodes, in configuration order. */
    public final List<GridFtpNode> nodes() {
        return nodes;
    }

    /**
     * Picks one of {@code up[0..count)}; {@code count >= 1}, order is configuration order.
     * Called concurrently; must not block.
     */
    protected abstract GridFtpNode choose(GridFtpNode[] up, int count);
}

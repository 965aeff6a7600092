package org.opensrm.gridftp;

import java.util.Objects;

/**
 * What the load prober knows about one door after a round.
 *
 * @param node   the door
 * @param state  its state
 * @param load   its load figure (0 = idle, 1 = at capacity; may exceed 1), {@link Double#NaN} unless {@link DoorState#UP}
 *               or {@link DoorState#FULL} from its figures
 * @param detail why it is in that state, for the log and operators
 */
public record DoorLoad(GridFtpNode node, DoorState state, double load, String detail) {
    public DoorLoad {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(detail, "detail");
    }
}

package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.common.SrmException;

/**
 * Chooses the door (GridFTP, https, root: {@link GridFtpNode}) a transfer is handed to. Called on the request path: it must answer from memory,
 * never probe a node itself (health is checked in the background), and be thread-safe.
 */
public interface GridFtpSelector extends AutoCloseable {

    /**
     * @return a node believed to be up
     * @throws SrmException {@code SRM_FAILURE} when no configured node is reachable; the load-probe selector
     *                      throws {@link NoDoorAvailableException} ({@code SRM_INTERNAL_ERROR}, busy) when every door
     *                      is full or dead
     */
    GridFtpNode select() throws SrmException;

    /**
     * A door serving {@code protocol} believed to be up, chosen by the same policy among those doors only.
     * The default suits selectors whose doors all serve the same protocols.
     *
     * @throws SrmException as {@link #select()}, for the doors serving the protocol; {@code SRM_FAILURE} when no
     *                      configured door serves it
     */
    default GridFtpNode select(String protocol) throws SrmException {
        GridFtpNode n = select();
        if (!n.serves(protocol)) {
            throw new NoDoorAvailableException(NoDoorAvailableException.Reason.ALL_DOWN,
                    "no " + Doors.label(protocol) + " door is configured");
        }
        return n;
    }

    /** For operators: what the selector knows of each door, in configuration order; empty when it probes no load. */
    default List<DoorLoad> doorLoads() {
        return List.of();
    }

    /** For operators: how many times {@link #select()} chose the door; 0 when the selector does not count. */
    default long choices(GridFtpNode node) {
        return 0;
    }

    /** For operators: how many calls of {@link #select()} found no door; 0 when the selector does not count. */
    default long noDoorAnswers() {
        return 0;
    }

    /**
     * A transfer through {@code door} failed (its client aborted the request): probe it again now rather than at
     * the next round, so that a door that died is no longer chosen for the client's retry. May take up to the probe
     * timeout; the default (selectors without their own prober) does nothing.
     */
    default void recheck(GridFtpNode door) {
    }

    /** Stops background work; the default has none. */
    @Override
    default void close() {
    }
}

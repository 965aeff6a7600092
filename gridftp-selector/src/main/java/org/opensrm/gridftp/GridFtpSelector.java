package org.opensrm.gridftp;

import org.opensrm.common.SrmException;

/**
 * Chooses the GridFTP node a transfer is handed to. Called on the request path: it must answer from memory,
 * never probe a node itself (health is checked in the background), and be thread-safe.
 */
public interface GridFtpSelector extends AutoCloseable {

    /**
     * @return a node believed to be up
     * @throws SrmException {@code SRM_FAILURE} when no configured node is reachable
     */
    GridFtpNode select() throws SrmException;

    /** Stops background work; the default has none. */
    @Override
    default void close() {
    }
}

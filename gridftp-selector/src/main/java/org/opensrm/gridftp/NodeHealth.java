package org.opensrm.gridftp;

/**
 * What is known about whether a GridFTP node can take a transfer. Answers from memory: an implementation must
 * never do network I/O inside {@link #isUp}, because selectors call it on the request path.
 */
public interface NodeHealth {

    /** A health view that believes every node is up (no probing). */
    NodeHealth ALWAYS_UP = node -> true;

    /** @return {@code true} when the node is believed to accept connections */
    boolean isUp(GridFtpNode node);
}

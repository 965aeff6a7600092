package org.opensrm.core;

import java.util.Objects;

/**
 * A frontend's hold on the work it does in a store that several frontends share: its name and the epoch of its
 * lease. A request queued or in progress is held under one lease; the engine stores a file's outcome only while the
 * request is still held under its own ({@link RequestStore#updateHeld}), so a frontend whose work was taken over
 * cannot finish it late.
 *
 * @param frontend the frontend's name ({@code srm.frontend.name})
 * @param epoch    raised by every start of that name and by every take-over of its work
 */
public record FrontendLease(String frontend, long epoch) {
    public FrontendLease {
        Objects.requireNonNull(frontend, "frontend");
    }

    @Override
    public String toString() {
        return frontend + "#" + epoch;
    }
}

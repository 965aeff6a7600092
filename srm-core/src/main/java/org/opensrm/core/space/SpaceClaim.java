package org.opensrm.core.space;

import java.util.Objects;

/**
 * Bytes a put holds in a reservation between its admission ({@link SpaceService#admit}) and its end: committed at
 * srmPutDone ({@link SpaceService#commit}) or given back when the upload is abandoned, aborted or expires
 * ({@link SpaceService#abandon}).
 */
public record SpaceClaim(SpaceToken token, long bytes) {
    public SpaceClaim {
        Objects.requireNonNull(token, "token");
        if (bytes < 0) {
            throw new IllegalArgumentException("claimed bytes must not be negative");
        }
    }
}

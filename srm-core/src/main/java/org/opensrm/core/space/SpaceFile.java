package org.opensrm.core.space;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmPath;

/**
 * A file written into a space: its path, the bytes it counts against the space, and how long it stays in the
 * space ({@code srmExtendFileLifeTimeInSpace}; empty: as long as the space). A file is in at most one space.
 */
public record SpaceFile(SpaceToken token, SrmPath path, long sizeBytes, Optional<Instant> expiresAt) {
    public SpaceFile {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("size must not be negative: " + sizeBytes);
        }
    }
}

package org.opensrm.core.space;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * What happened to one file of srmChangeSpaceForFiles, srmExtendFileLifeTimeInSpace or srmPurgeFromSpace.
 *
 * @param lifetime the file's lifetime in the space now (srmExtendFileLifeTimeInSpace); empty otherwise or infinite
 */
public record SpaceFileResult(SrmPath path, SrmStatus status, String explanation, Optional<Duration> lifetime) {
    public SpaceFileResult {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(lifetime, "lifetime");
    }

    static SpaceFileResult ok(SrmPath path, Optional<Duration> lifetime) {
        return new SpaceFileResult(path, SrmStatus.SRM_SUCCESS, "", lifetime);
    }

    static SpaceFileResult failed(SrmPath path, SrmException e) {
        return new SpaceFileResult(path, e.status(), e.getMessage(), Optional.empty());
    }
}

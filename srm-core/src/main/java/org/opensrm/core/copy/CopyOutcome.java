package org.opensrm.core.copy;

import java.util.Objects;

import org.opensrm.common.SrmStatus;

/**
 * How a copy ended.
 *
 * @param status      {@code SRM_SUCCESS}; {@code SRM_ABORTED} when aborted; {@code SRM_INVALID_PATH} when the source
 *                    does not exist; {@code SRM_AUTHORIZATION_FAILURE} when a door refused the credential or it
 *                    expired; {@code SRM_FAILURE} otherwise (transient errors past the last retry, checksum mismatch)
 * @param explanation what the client reads (the last error of the transfer tool, shortened; never a credential)
 * @param attempts    how many times the transfer ran
 */
public record CopyOutcome(SrmStatus status, String explanation, int attempts) {
    public CopyOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(explanation, "explanation");
    }

    public boolean succeeded() {
        return status == SrmStatus.SRM_SUCCESS;
    }
}

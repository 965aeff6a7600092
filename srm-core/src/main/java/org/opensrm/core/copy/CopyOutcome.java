package org.opensrm.core.copy;

import java.util.Objects;
import java.util.Optional;

import org.opensrm.common.SrmStatus;

/**
 * How a copy ended.
 *
 * @param status      {@code SRM_SUCCESS}; {@code SRM_ABORTED} when aborted; {@code SRM_INVALID_PATH} when the source
 *                    does not exist; {@code SRM_AUTHORIZATION_FAILURE} when a door refused the credential or it
 *                    expired; {@code SRM_FAILURE} otherwise (transient errors past the last retry, adler32 differing
 *                    between the doors or from the source's expected value)
 * @param explanation what the client reads (the last error of the transfer tool, shortened; never a credential)
 * @param attempts    how many times the transfer ran
 * @param adler32     the copy's adler32 as the destination reports it (eight hex digits), after a success
 */
public record CopyOutcome(SrmStatus status, String explanation, int attempts, Optional<String> adler32) {
    public CopyOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(adler32, "adler32");
    }

    /** A copy that did not succeed. */
    public static CopyOutcome failed(SrmStatus status, String explanation, int attempts) {
        return new CopyOutcome(status, explanation, attempts, Optional.empty());
    }

    public boolean succeeded() {
        return status == SrmStatus.SRM_SUCCESS;
    }
}

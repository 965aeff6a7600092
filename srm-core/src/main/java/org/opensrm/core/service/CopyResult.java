package org.opensrm.core.service;

import java.util.List;
import java.util.Objects;
import org.opensrm.common.SrmStatus;

/**
 * An answer to srmCopy or srmStatusOfCopyRequest.
 *
 * @param files            one per file asked about, in order
 * @param remainingSeconds time left before the request times out, null when nothing is pending
 */
public record CopyResult(String token, SrmStatus status, String explanation, List<CopyFile> files,
                         Integer remainingSeconds) {
    public CopyResult {
        Objects.requireNonNull(status, "status");
        files = List.copyOf(files);
    }

    /**
     * One file of a copy answer.
     *
     * @param size                 the file's size once known, else null
     * @param estimatedWaitSeconds while it waits, when to ask again; else null
     */
    public record CopyFile(String source, String target, SrmStatus status, String explanation, Long size,
                           Integer estimatedWaitSeconds) {
        public CopyFile {
            Objects.requireNonNull(status, "status");
        }
    }
}

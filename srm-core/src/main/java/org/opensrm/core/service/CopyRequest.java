package org.opensrm.core.service;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * srmCopy as the client asked for it.
 *
 * @param files            source and target SURLs (or {@code gsiftp://} URLs), in order
 * @param overwrite        whether an existing local target may be replaced ({@code overwriteOption ALWAYS})
 * @param targetSpaceToken the space the copies are to count against; see {@link CopyService}
 * @param options          description and total request time
 */
public record CopyRequest(List<CopyPair> files, boolean overwrite, Optional<String> targetSpaceToken,
                          RequestOptions options) {
    public CopyRequest {
        files = List.copyOf(files);
        Objects.requireNonNull(targetSpaceToken, "targetSpaceToken");
        Objects.requireNonNull(options, "options");
    }

    /** One file to copy, as the client named it (null when missing, refused by the service). */
    public record CopyPair(String source, String target) {
    }
}

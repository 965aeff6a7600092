package org.opensrm.core.service;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An srmPrepareToPut as the client made it.
 *
 * @param files       the target SURLs with their expected sizes, in the client's order
 * @param protocols   the transfer protocols the client accepts (empty: any the server offers)
 * @param overwrite   overwriteOption ALWAYS
 * @param spaceToken  the targetSpaceToken, if any
 * @param pinLifetime the desiredPinLifeTime (the TURL's lifetime); empty for the server's default
 * @param options     description and desiredTotalRequestTime
 */
public record PutRequest(List<PutFile> files, List<String> protocols, boolean overwrite, Optional<String> spaceToken,
                         Optional<Duration> pinLifetime, RequestOptions options) {
    public PutRequest {
        files = List.copyOf(files);
        protocols = List.copyOf(protocols);
        Objects.requireNonNull(spaceToken, "spaceToken");
        Objects.requireNonNull(pinLifetime, "pinLifetime");
        Objects.requireNonNull(options, "options");
    }
}

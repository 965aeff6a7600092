package org.opensrm.core.service;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An srmPrepareToGet or srmBringOnline as the client made it.
 *
 * @param surls       the source SURLs, in the client's order
 * @param protocols   the transfer protocols the client accepts (empty: any the server offers)
 * @param pinLifetime the desiredPinLifeTime; empty for the server's default
 * @param options     description and desiredTotalRequestTime
 */
public record GetRequest(List<String> surls, List<String> protocols, Optional<Duration> pinLifetime,
                         RequestOptions options) {
    public GetRequest {
        surls = List.copyOf(surls);
        protocols = List.copyOf(protocols);
        Objects.requireNonNull(pinLifetime, "pinLifetime");
        Objects.requireNonNull(options, "options");
    }
}

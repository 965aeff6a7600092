package org.opensrm.core.service;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What every asynchronous SRM request may carry besides its files.
 *
 * @param description      the userRequestDescription, found again by srmGetRequestTokens
 * @param totalRequestTime the desiredTotalRequestTime; empty for the server's default
 */
public record RequestOptions(Optional<String> description, Optional<Duration> totalRequestTime) {
    public static final RequestOptions NONE = new RequestOptions(Optional.empty(), Optional.empty());

    public RequestOptions {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(totalRequestTime, "totalRequestTime");
    }
}

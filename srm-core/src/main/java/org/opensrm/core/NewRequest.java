package org.opensrm.core;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A request as the client made it, before a store gave it a token.
 *
 * @param kind        what was asked for
 * @param owner       who asked
 * @param description the userRequestDescription, found again by srmGetRequestTokens
 * @param parameters  the kind's own parameters (protocols, overwrite mode, space token, ls levels...), by name
 * @param lifetime    desiredTotalRequestTime as the engine granted it: the request times out this long after it
 *                    was made unless every file was served
 * @param files       at least one
 */
public record NewRequest(RequestKind kind, Owner owner, Optional<String> description, Map<String, String> parameters,
                         Duration lifetime, List<NewFile> files) {
    public NewRequest {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(description, "description");
        parameters = Map.copyOf(parameters);
        FileRequest.requireNotNegative(lifetime, "lifetime");
        files = List.copyOf(files);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a request has at least one file");
        }
    }

    public static NewRequest of(RequestKind kind, Owner owner, Duration lifetime, List<NewFile> files) {
        return new NewRequest(kind, owner, Optional.empty(), Map.of(), lifetime, files);
    }

    public NewRequest withDescription(String text) {
        return new NewRequest(kind, owner, Optional.of(text), parameters, lifetime, files);
    }
}

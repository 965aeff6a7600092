package org.opensrm.core.service;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.service.StaticSpaceToken;

/** The static space tokens of the configuration: lookup, placement check and their space figures. */
public final class SpaceTokens {
    private final List<StaticSpaceToken> tokens;
    private final StorageBackend backend;

    public SpaceTokens(List<StaticSpaceToken> tokens, StorageBackend backend) {
        this.tokens = List.copyOf(tokens);
        this.backend = backend;
    }

    public Optional<StaticSpaceToken> resolve(Optional<String> name) throws SrmException {
        if (name.isEmpty() || name.get().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(find(name.get().trim()));
    }

    public StaticSpaceToken find(String name) throws SrmException {
        return tokens.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> SrmException.invalidRequest("unknown space token '" + name + "'"));
    }

    /** A put with a space token must land in that token's area. */
    public void requireInside(Optional<StaticSpaceToken> token, SrmPath target) throws SrmException {
        if (token.isPresent() && !token.get().path().contains(target)) {
            throw SrmException.invalidRequest(target + " is outside the area " + token.get().path()
                    + " of space token " + token.get().name());
        }
    }

    /** Tokens whose description contains {@code description} (all of them when it is empty). */
    public List<StaticSpaceToken> matching(String description) {
        if (description == null || description.isBlank()) {
            return tokens;
        }
        String d = description.toLowerCase(Locale.ROOT);
        return tokens.stream().filter(t -> t.description().toLowerCase(Locale.ROOT).contains(d)
                || t.name().toLowerCase(Locale.ROOT).equals(d)).toList();
    }

    /** Total and free bytes for a token: its configured size when set, else the storage's. */
    public SpaceFigures figures(StaticSpaceToken token) throws SrmException {
        SpaceFigures storage = backend.space(token.path());
        if (token.sizeBytes() > 0) {
            return new SpaceFigures(token.sizeBytes(), Math.min(token.sizeBytes(), storage.freeBytes()));
        }
        return storage;
    }
}

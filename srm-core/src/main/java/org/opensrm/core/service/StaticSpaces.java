package org.opensrm.core.service;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.space.SpaceDetail;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceToken;

/**
 * Gateway mode's space tokens: the static ones of {@code space.tokens}, found by description and described with
 * their configured size (or, for size 0, the storage's own figures), open to everyone. Nothing is reserved.
 */
public final class StaticSpaces implements SpaceManagement {
    private final SpaceTokens tokens;
    private final Clock clock;

    public StaticSpaces(SpaceTokens tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public List<SpaceDetail> metaData(Owner caller, List<String> names) throws SrmException {
        if (names.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSpaceTokens is empty");
        }
        List<SpaceDetail> out = new ArrayList<>(names.size());
        for (String name : names) {
            try {
                StaticSpaceToken t = tokens.find(name);
                SpaceFigures f = tokens.figures(t);
                long free = Math.max(0, Math.min(f.totalBytes(), f.freeBytes()));
                SpaceReservation r = SpaceReservation.declared(t.name(), Optional.empty(), f.totalBytes(),
                        t.description(), clock.instant()).withUsed(f.totalBytes() - free);
                out.add(new SpaceDetail(name, SrmStatus.SRM_SUCCESS, "", Optional.of(r), Optional.empty()));
            } catch (SrmException e) {
                out.add(new SpaceDetail(name, e.status(), e.getMessage(), Optional.empty(), Optional.empty()));
            }
        }
        return out;
    }

    @Override
    public List<SpaceToken> tokens(Owner caller, Optional<String> description) throws SrmException {
        List<SpaceToken> out = tokens.matching(description.orElse(null)).stream()
                .map(t -> new SpaceToken(t.name())).toList();
        if (out.isEmpty()) {
            throw SrmException.invalidRequest("no space token matches the description");
        }
        return out;
    }
}

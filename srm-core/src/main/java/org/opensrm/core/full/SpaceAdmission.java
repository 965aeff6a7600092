package org.opensrm.core.full;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.Account;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.service.Caller;
import org.opensrm.common.SrmPath;
import org.opensrm.core.space.SpaceClaim;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.space.SpaceToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a file that lands in this server (a put, a pulled copy) is counted against a space reservation, shared by
 * {@link QueuedPutService} and {@link QueuedCopyService}: the reservation a request names is checked for its caller
 * first, each file then takes its size from the reservation's free space ({@link SpaceService#admit}), is counted at
 * its real size once landed ({@link #count}), and gives its claim back when it does not land ({@link #giveBack}).
 * Without space reservation ({@link SpaceService} absent) nothing is admitted and a named token is ignored, as
 * before.
 */
final class SpaceAdmission {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceAdmission.class);

    private final Optional<SpaceService> reservations;
    private final StorageBackend backend;

    SpaceAdmission(Optional<SpaceService> reservations, StorageBackend backend) {
        this.reservations = reservations;
        this.backend = backend;
    }

    /** Whether space reservation is on. */
    boolean enabled() {
        return reservations.isPresent();
    }

    /**
     * The reservation a request names, checked for the caller before any file is admitted (a token that is
     * unknown, released, expired, or of a group the caller is not in refuses the whole request with the space
     * service's status); empty without space reservation or token.
     */
    Optional<SpaceToken> reservationOf(Caller caller, Optional<String> text) throws SrmException {
        if (reservations.isEmpty() || text.isEmpty() || text.get().isBlank()) {
            return Optional.empty();
        }
        SpaceToken token = SpaceToken.parse(text.get());
        reservations.get().admit(token, caller.owner(), OptionalLong.of(0));
        return Optional.of(token);
    }

    /** Takes {@code bytes} from the reservation's free space ({@code SRM_EXCEED_ALLOCATION} when they do not fit). */
    SpaceClaim admit(SpaceToken token, Owner owner, long bytes) throws SrmException {
        return reservations.orElseThrow().admit(token, owner, OptionalLong.of(bytes));
    }

    /**
     * Counts a landed file in its reservation at its real size; when that does not fit, the file is removed (it
     * never stays outside its quota) and the reservation's status is thrown.
     */
    void count(Account account, SpaceClaim claim, SrmPath target) throws SrmException {
        long actual = backend.stat(account, target).size();
        try {
            reservations.orElseThrow().commit(claim, target, actual, Optional.empty());
        } catch (SrmException refused) {
            backend.delete(account, target);
            LOG.info("{} ({} bytes) removed: it does not fit space {}: {} {}", target, actual,
                    claim.token().shortId(), refused.status(), refused.getMessage());
            throw refused.status() == SrmStatus.SRM_INTERNAL_ERROR
                    ? new SrmException(SrmStatus.SRM_FAILURE, "removed: " + refused.getMessage()) : refused;
        }
    }

    /** Gives claims of files that will not land back to their reservations (a failure is logged, not thrown). */
    void giveBack(List<SpaceClaim> claims) {
        for (SpaceClaim c : claims) {
            try {
                reservations.orElseThrow().abandon(c);
            } catch (SrmException e) {
                LOG.warn("a claim of {} bytes in space {} was not given back: {}", c.bytes(), c.token().shortId(),
                        e.getMessage());
            }
        }
    }
}

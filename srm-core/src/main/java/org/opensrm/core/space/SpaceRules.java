package org.opensrm.core.space;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules every space operation applies: who may write into, see or manage a reservation, and what input is
 * refused with which status. A refusal is logged once, here.
 */
final class SpaceRules {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceService.class);

    private final SpaceStore store;
    private final SpaceLimits limits;

    SpaceRules(SpaceStore store, SpaceLimits limits) {
        this.store = store;
        this.limits = limits;
    }

    /** The reservation, reserved and writable by {@code caller}; refused (and logged) otherwise. */
    SpaceReservation writable(String op, Owner caller, SpaceToken token, Instant now) throws SrmException {
        try {
            SpaceReservation r = store.load(token);
            r.requireReserved(now);
            if (!r.admitsWriter(caller)) {
                throw SrmException.denied("the caller is not a member of " + r.group().orElse("the owner's account")
                        + ", which space " + token.shortId() + " is reserved for");
            }
            return r;
        } catch (SrmException e) {
            throw refused(op, caller, e);
        }
    }

    boolean maySee(Owner caller, SpaceReservation r) {
        return r.owner().sameUserAs(caller) || r.admitsWriter(caller) || limits.isAdmin(caller.dn());
    }

    void requireManager(Owner caller, SpaceReservation r, String what) throws SrmException {
        if (r.isStatic()) {
            throw SrmException.denied("space " + r.token() + " is static (space.tokens); it cannot be " + what + "d");
        }
        if (!r.owner().sameUserAs(caller) && !limits.isAdmin(caller.dn())) {
            throw SrmException.denied("only the owner of space " + r.token().shortId() + " or an admin may " + what
                    + " it");
        }
    }

    static void requireDisk(RetentionPolicy retention, AccessLatency latency) throws SrmException {
        if (retention != RetentionPolicy.REPLICA || latency != AccessLatency.ONLINE) {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, retention + "/" + latency
                    + " is not offered: this storage is disk only (REPLICA/ONLINE)");
        }
    }

    void requireSane(long bytes) throws SrmException {
        if (bytes < 0 || bytes > limits.maxReservationBytes()) {
            throw SrmException.invalidRequest("size " + Long.toUnsignedString(bytes) + " is outside 0.."
                    + limits.maxReservationBytes() + " bytes");
        }
    }

    static Optional<String> description(Optional<String> text) throws SrmException {
        Optional<String> d = text.filter(t -> !t.isBlank());
        if (d.isPresent() && (d.get().length() > SpaceService.MAX_DESCRIPTION
                || d.get().chars().anyMatch(c -> c < ' ' || c == 0x7f))) {
            throw SrmException.invalidRequest("userSpaceTokenDescription must be one line of at most "
                    + SpaceService.MAX_DESCRIPTION + " characters");
        }
        return d;
    }

    /** A reservation's expiry from a lifetime wish: the default, a positive lifetime up to the maximum, infinite. */
    Optional<Instant> expiry(OptionalLong seconds, Instant now) throws SrmException {
        if (seconds.isEmpty()) {
            return Optional.of(now.plus(limits.defaultLifetime()));
        }
        return expiryWithin(seconds.getAsLong(), now);
    }

    Optional<Instant> expiryWithin(long seconds, Instant now) throws SrmException {
        if (seconds == ReserveRequest.INFINITE) {
            if (limits.maxLifetime().isPresent()) {
                throw SrmException.invalidRequest("an infinite lifetime is not granted; the maximum is "
                        + limits.maxLifetime().get().toSeconds() + " s");
            }
            return Optional.empty();
        }
        if (seconds <= 0) {
            throw SrmException.invalidRequest("a lifetime must be positive (or -1 for infinite): " + seconds);
        }
        if (limits.maxLifetime().isPresent() && seconds > limits.maxLifetime().get().toSeconds()) {
            throw SrmException.invalidRequest("lifetime " + seconds + " s exceeds the maximum of "
                    + limits.maxLifetime().get().toSeconds() + " s");
        }
        return Optional.of(now.plusSeconds(seconds));
    }

    static SrmException noSuchRequest() {
        return SrmException.invalidRequest("no such request: space requests are answered at once and carry no "
                + "request token");
    }

    static SrmException refused(String op, Owner caller, SrmException e) {
        if (e.status() == SrmStatus.SRM_INTERNAL_ERROR) {
            return e;
        }
        LOG.info("{} refused for {}: {} {}", op, caller.dn(), e.status(), e.getMessage());
        return e;
    }
}

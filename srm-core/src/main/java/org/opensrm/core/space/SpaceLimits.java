package org.opensrm.core.space;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The site's rules for reservations. Immutable; build with {@link #builder()}, which starts from the documented
 * defaults. The defaults reserve nothing: a site lists the VOs that may reserve and how much.
 *
 * @param defaultLifetime    a reservation's lifetime when the client asks for none (default 1 day)
 * @param maxLifetime        the longest lifetime granted; empty: no maximum, and infinite lifetimes are granted
 *                           (default 30 days: a longer or infinite one is refused)
 * @param voLimits           bytes each VO (by name, {@code atlas}) may hold reserved at once
 * @param defaultVoLimit     the same for a VO not listed (default 0: it may not reserve)
 * @param userLimit          bytes a user without VOMS attributes may hold reserved for their account alone
 *                           (default 0)
 * @param siteLimit          bytes all dynamic reservations together may hold (default: no limit)
 * @param maxReservationBytes a size beyond this is not a mistake of the limits but of the client (default 2^60,
 *                           an exbibyte)
 * @param admins             DNs that may release or update anyone's reservation
 */
public record SpaceLimits(Duration defaultLifetime, Optional<Duration> maxLifetime, Map<String, Long> voLimits,
                          long defaultVoLimit, long userLimit, long siteLimit, long maxReservationBytes,
                          Set<String> admins) {
    public static final Duration DEFAULT_LIFETIME = Duration.ofDays(1);
    public static final Duration DEFAULT_MAX_LIFETIME = Duration.ofDays(30);
    public static final long DEFAULT_MAX_RESERVATION_BYTES = 1L << 60;

    public SpaceLimits {
        requirePositive(defaultLifetime, "defaultLifetime");
        Objects.requireNonNull(maxLifetime, "maxLifetime");
        maxLifetime.ifPresent(m -> requirePositive(m, "maxLifetime"));
        if (maxLifetime.isPresent() && defaultLifetime.compareTo(maxLifetime.get()) > 0) {
            throw new IllegalArgumentException("defaultLifetime may not exceed maxLifetime");
        }
        voLimits = Map.copyOf(voLimits);
        voLimits.forEach((vo, limit) -> requireBytes(limit, "limit of " + vo));
        requireBytes(defaultVoLimit, "defaultVoLimit");
        requireBytes(userLimit, "userLimit");
        requireBytes(siteLimit, "siteLimit");
        if (maxReservationBytes < 1) {
            throw new IllegalArgumentException("maxReservationBytes must be positive");
        }
        admins = Set.copyOf(admins);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The limits {@link SpaceStore} checks for a reservation under {@code quotaKey}. */
    public SpaceQuota quotaFor(String quotaKey) {
        return new SpaceQuota(groupLimit(quotaKey), siteLimit);
    }

    /** What may be held reserved under {@code quotaKey} ({@link SpaceReservation#quotaKey}). */
    public long groupLimit(String quotaKey) {
        if (quotaKey.startsWith("vo:")) {
            return voLimits.getOrDefault(quotaKey.substring(3), defaultVoLimit);
        }
        if (quotaKey.startsWith("user:")) {
            return userLimit;
        }
        return Long.MAX_VALUE;
    }

    public boolean isAdmin(String dn) {
        return admins.contains(dn);
    }

    private static void requirePositive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive");
        }
    }

    private static void requireBytes(long bytes, String what) {
        if (bytes < 0) {
            throw new IllegalArgumentException(what + " must not be negative");
        }
    }

    /** Starts from the documented defaults. */
    public static final class Builder {
        private Duration defaultLifetime = DEFAULT_LIFETIME;
        private Optional<Duration> maxLifetime = Optional.of(DEFAULT_MAX_LIFETIME);
        private Map<String, Long> voLimits = Map.of();
        private long defaultVoLimit;
        private long userLimit;
        private long siteLimit = Long.MAX_VALUE;
        private long maxReservationBytes = DEFAULT_MAX_RESERVATION_BYTES;
        private Set<String> admins = Set.of();

        private Builder() {
        }

        public Builder defaultLifetime(Duration value) {
            this.defaultLifetime = value;
            return this;
        }

        /** Empty: no maximum (infinite lifetimes granted). */
        public Builder maxLifetime(Optional<Duration> value) {
            this.maxLifetime = value;
            return this;
        }

        public Builder voLimits(Map<String, Long> value) {
            this.voLimits = value;
            return this;
        }

        public Builder defaultVoLimit(long value) {
            this.defaultVoLimit = value;
            return this;
        }

        public Builder userLimit(long value) {
            this.userLimit = value;
            return this;
        }

        public Builder siteLimit(long value) {
            this.siteLimit = value;
            return this;
        }

        public Builder maxReservationBytes(long value) {
            this.maxReservationBytes = value;
            return this;
        }

        public Builder admins(Set<String> value) {
            this.admins = value;
            return this;
        }

        public SpaceLimits build() {
            return new SpaceLimits(defaultLifetime, maxLifetime, voLimits, defaultVoLimit, userLimit, siteLimit,
                    maxReservationBytes, admins);
        }
    }
}

package org.opensrm.core.space;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;

/**
 * A space reservation as kept: a share of disk held for a VOMS group (or, reserved without VOMS attributes, for its
 * owner's account alone), into which puts with its token land while they fit. Immutable; every change is a new
 * value written back through {@link SpaceStore#update}. Sizes are bytes; {@code usedBytes} only ever moves through
 * {@link SpaceStore#allocate} and {@link SpaceStore#free}, so that concurrent puts cannot overrun it.
 *
 * @param token           the token clients use
 * @param owner           who reserved it (the account and DN that may release or update it, besides admins)
 * @param group           the VOMS group whose members may write into it ({@code /atlas}, {@code /atlas/uk}); empty:
 *                        the owner's account only, or anyone for a static token
 * @param retention       REPLICA (disk)
 * @param latency         ONLINE (disk)
 * @param totalBytes      what may be written into it (the size quotas count)
 * @param guaranteedBytes what is guaranteed of it, at most {@code totalBytes}
 * @param usedBytes       what its files and admitted uploads take, at most {@code totalBytes}
 * @param createdAt       when it was reserved
 * @param expiresAt       when its lifetime runs out; empty for an infinite lifetime
 * @param description     the user space token description srmGetSpaceTokens finds it by
 * @param state           reserved, released or expired
 * @param isStatic        declared in {@code space.tokens}: it cannot be released, updated or expire
 */
public record SpaceReservation(SpaceToken token, Owner owner, Optional<String> group, RetentionPolicy retention,
                               AccessLatency latency, long totalBytes, long guaranteedBytes, long usedBytes,
                               Instant createdAt, Optional<Instant> expiresAt, Optional<String> description,
                               SpaceState state, boolean isStatic) {
    /** The owner of static tokens: the site. */
    public static final Owner SITE = Owner.of("site", "site");

    public SpaceReservation {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(group, "group");
        group.ifPresent(SpaceReservation::requireGroup);
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(state, "state");
        if (guaranteedBytes < 0 || totalBytes < guaranteedBytes) {
            throw new IllegalArgumentException("sizes must satisfy 0 <= guaranteed <= total: " + guaranteedBytes
                    + ", " + totalBytes);
        }
        if (usedBytes < 0 || usedBytes > totalBytes) {
            throw new IllegalArgumentException("used size must be within 0.." + totalBytes + ": " + usedBytes);
        }
        if (isStatic && expiresAt.isPresent()) {
            throw new IllegalArgumentException("a static token does not expire");
        }
    }

    /**
     * A static token from the configuration: owned by the site, open to anyone (the namespace's permissions decide)
     * or to one group, never expiring.
     */
    public static SpaceReservation declared(String name, Optional<String> group, long sizeBytes, String description,
                                            Instant now) {
        return new SpaceReservation(new SpaceToken(name), SITE, group, RetentionPolicy.REPLICA, AccessLatency.ONLINE,
                sizeBytes, sizeBytes, 0, now, Optional.empty(), Optional.of(description), SpaceState.RESERVED, true);
    }

    /**
     * What site limits count it under: {@code vo:NAME} for a group of VO NAME, {@code user:ACCOUNT} for a private
     * reservation, {@code static} for the configuration's tokens (not counted).
     */
    public String quotaKey() {
        if (isStatic) {
            return "static";
        }
        return group.map(g -> "vo:" + voOf(g)).orElse("user:" + owner.account());
    }

    /** Bytes still free for puts (never negative). */
    public long freeBytes() {
        return totalBytes - usedBytes;
    }

    /** The state as a client sees it at {@code now}: a reservation past its lifetime is expired before the reaper. */
    public SpaceState stateAt(Instant now) {
        if (state == SpaceState.RESERVED && expiresAt.isPresent() && !expiresAt.get().isAfter(now)) {
            return SpaceState.EXPIRED;
        }
        return state;
    }

    /** Lifetime left at {@code now}: empty for infinite, zero once it is no longer reserved. */
    public Optional<Duration> remainingLifetime(Instant now) {
        if (stateAt(now) != SpaceState.RESERVED) {
            return Optional.of(Duration.ZERO);
        }
        return expiresAt.map(e -> Duration.between(now, e));
    }

    /**
     * @throws SrmException {@code SRM_SPACE_LIFETIME_EXPIRED} when its lifetime ran out, {@code SRM_INVALID_REQUEST}
     *                      when it was released
     */
    public void requireReserved(Instant now) throws SrmException {
        switch (stateAt(now)) {
            case EXPIRED -> throw new SrmException(SrmStatus.SRM_SPACE_LIFETIME_EXPIRED,
                    "the lifetime of space " + token + " has expired");
            case RELEASED -> throw SrmException.invalidRequest("space " + token + " was released");
            case RESERVED -> {
            }
        }
    }

    /** Whether {@code caller} may write into it: a member of its group, the owner's account, or anyone (static). */
    public boolean admitsWriter(Owner caller) {
        if (group.isPresent()) {
            return caller.fqans().stream().map(SpaceReservation::groupOf).anyMatch(g -> within(g, group.get()));
        }
        return isStatic || caller.account().equals(owner.account());
    }

    public SpaceReservation withState(SpaceState next) {
        return new SpaceReservation(token, owner, group, retention, latency, totalBytes, guaranteedBytes, usedBytes,
                createdAt, expiresAt, description, next, isStatic);
    }

    public SpaceReservation withSizes(long total, long guaranteed) {
        return new SpaceReservation(token, owner, group, retention, latency, total, guaranteed, usedBytes, createdAt,
                expiresAt, description, state, isStatic);
    }

    public SpaceReservation withExpiry(Optional<Instant> at) {
        return new SpaceReservation(token, owner, group, retention, latency, totalBytes, guaranteedBytes, usedBytes,
                createdAt, at, description, state, isStatic);
    }

    public SpaceReservation withDescription(Optional<String> text) {
        return new SpaceReservation(token, owner, group, retention, latency, totalBytes, guaranteedBytes, usedBytes,
                createdAt, expiresAt, text, state, isStatic);
    }

    /** The same reservation with another used size (what a store reads back). */
    public SpaceReservation withUsed(long used) {
        return new SpaceReservation(token, owner, group, retention, latency, totalBytes, guaranteedBytes, used,
                createdAt, expiresAt, description, state, isStatic);
    }

    /**
     * The group part of an FQAN: {@code /atlas/uk/Role=production/Capability=NULL} is {@code /atlas/uk}.
     */
    public static String groupOf(String fqan) {
        StringBuilder out = new StringBuilder();
        for (String part : fqan.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.startsWith("Role=") || part.startsWith("Capability=")) {
                break;
            }
            out.append('/').append(part);
        }
        return out.toString();
    }

    /** The VO of a group: {@code /atlas/uk} is {@code atlas}. */
    public static String voOf(String group) {
        int next = group.indexOf('/', 1);
        return next < 0 ? group.substring(1) : group.substring(1, next);
    }

    private static boolean within(String member, String group) {
        return member.equals(group) || member.startsWith(group + "/");
    }

    private static void requireGroup(String g) {
        if (!g.startsWith("/") || g.length() < 2 || g.endsWith("/") || g.contains("//") || g.contains("Role=")
                || g.chars().anyMatch(c -> c <= ' ' || c > '~')) {
            throw new IllegalArgumentException("a group is a VOMS group path like /vo or /vo/sub: " + g);
        }
    }
}

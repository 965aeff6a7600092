package org.opensrm.core.space;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What srmReserveSpace asks for, in the core's terms.
 *
 * @param description             userSpaceTokenDescription
 * @param retention               retentionPolicyInfo's policy (required by the specification)
 * @param latency                 its access latency; empty: ONLINE
 * @param desiredTotalBytes       desiredSizeOfTotalSpace; empty: the guaranteed size
 * @param desiredGuaranteedBytes  desiredSizeOfGuaranteedSpace (required)
 * @param desiredLifetimeSeconds  desiredLifetimeOfReservedSpace; empty: the site's default, {@value #INFINITE}:
 *                                infinite
 */
public record ReserveRequest(Optional<String> description, RetentionPolicy retention, Optional<AccessLatency> latency,
                             OptionalLong desiredTotalBytes, long desiredGuaranteedBytes,
                             OptionalLong desiredLifetimeSeconds) {
    /** The lifetime that means "infinite" on the wire. */
    public static final long INFINITE = -1;

    public ReserveRequest {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(desiredTotalBytes, "desiredTotalBytes");
        Objects.requireNonNull(desiredLifetimeSeconds, "desiredLifetimeSeconds");
    }

    /** REPLICA/ONLINE, {@code bytes} guaranteed, the default lifetime. */
    public static ReserveRequest of(String description, long bytes) {
        return new ReserveRequest(Optional.of(description), RetentionPolicy.REPLICA, Optional.of(AccessLatency.ONLINE),
                OptionalLong.empty(), bytes, OptionalLong.empty());
    }
}

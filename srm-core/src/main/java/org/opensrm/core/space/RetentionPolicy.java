package org.opensrm.core.space;

/** SRM v2.2 {@code TRetentionPolicy}: the quality of retention a space promises. Disk storage offers REPLICA. */
public enum RetentionPolicy {
    REPLICA,
    OUTPUT,
    CUSTODIAL
}

package org.opensrm.core.space;

/** SRM v2.2 {@code TAccessLatency}: how soon files in a space can be read. Disk storage offers ONLINE. */
public enum AccessLatency {
    ONLINE,
    NEARLINE
}

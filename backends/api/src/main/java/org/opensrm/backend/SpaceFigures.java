package org.opensrm.backend;

/** Space of the storage, in bytes. */
public record SpaceFigures(long totalBytes, long freeBytes) {
}

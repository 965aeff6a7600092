package org.opensrm.backend;

import java.util.Set;

/**
 * What a backend does differently, declared as data (in the manner of Hadoop's FileSystem contract options) so
 * that the contract suite checks what the backend promises and says, rather than silently skipping, what it
 * does not.
 *
 * @param checksumAlgorithms  algorithms {@link StorageBackend#checksum} accepts; always contains "adler32"
 * @param symlinks            the storage has symbolic links (and the backend must refuse those leading out)
 * @param enforcesPermissions access decisions are made against per-account permissions (false only for a
 *                            backend that runs everything as one identity, which must say so)
 * @param changesOwnership    entries created through the backend belong to the acting account
 */
public record BackendCapabilities(Set<String> checksumAlgorithms, boolean symlinks, boolean enforcesPermissions,
                                  boolean changesOwnership) {
    public BackendCapabilities {
        checksumAlgorithms = Set.copyOf(checksumAlgorithms);
        if (!checksumAlgorithms.contains("adler32")) {
            throw new IllegalArgumentException("every backend must offer adler32");
        }
    }
}

package org.opensrm.authz.vomsmap;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the {@code vomsmap} mapper reads its role map and leases pool accounts. Immutable.
 *
 * @param roleMapFile     lines {@code "FQAN-pattern" account} or {@code "FQAN-pattern" .pool}, e.g.
 *                        {@code /etc/grid-security/voms-rolemap}
 * @param gridmapdir      where pool accounts are leased; required when a line names a pool, empty otherwise
 * @param refreshInterval how often the role map is looked at for changes
 */
public record VomsMapConfig(Path roleMapFile, Optional<Path> gridmapdir, Duration refreshInterval) {
    public VomsMapConfig {
        Objects.requireNonNull(roleMapFile, "roleMapFile");
        Objects.requireNonNull(gridmapdir, "gridmapdir");
        if (refreshInterval.isNegative()) {
            throw new IllegalArgumentException("refreshInterval must not be negative: " + refreshInterval);
        }
        gridmapdir.ifPresent(d -> {
            if (!java.nio.file.Files.isDirectory(d)) {
                throw new IllegalArgumentException("gridmapdir " + d + " is not a directory");
            }
        });
    }
}

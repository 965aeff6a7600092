package org.opensrm.authz;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the composition root calls. For example:
 * <pre>{@code
 * Authorizer authz = Authorizers.gridMap(GridMapConfig.builder(Path.of("/etc/grid-security/grid-mapfile"))
 *         .banListFile(Path.of("/etc/opensrm/ban-list"))
 *         .build());
 * }</pre>
 * Every factory reads its files at once and throws {@link IllegalArgumentException} naming a file that is
 * missing, unreadable or malformed.
 */
public final class Authorizers {
    private Authorizers() {
    }

    /**
     * Grid-mapfile (and vorolemap and ban list, if configured) over the host's accounts
     * ({@link AccountResolver#system(java.time.Duration)} with the configured {@code accountCacheTtl}).
     */
    public static Authorizer gridMap(GridMapConfig config) {
        return gridMap(config, AccountResolver.system(config.accountCacheTtl()));
    }

    /** As {@link #gridMap(GridMapConfig)} with the given account resolver ({@code accountCacheTtl} unused). */
    public static Authorizer gridMap(GridMapConfig config, AccountResolver accounts) {
        Authorizer mapping = new GridMapAuthorizer(config, accounts);
        if (config.banListFile().isEmpty()) {
            return mapping;
        }
        return new BanningAuthorizer(mapping,
                BanList.fromFile(config.banListFile().get(), config.refreshInterval()));
    }

    /**
     * Shorthand for the common case.
     *
     * @param banListFile a ban list, or null for none
     */
    public static Authorizer gridMap(Path gridMapFile, Path banListFile, AccountResolver accounts, Duration refresh) {
        return gridMap(GridMapConfig.builder(gridMapFile).banListFile(banListFile).refreshInterval(refresh).build(),
                accounts);
    }
}

package org.opensrm.authz;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.opensrm.authz.gridmap.GridMapConfig;
import org.opensrm.authz.gridmap.GridMapMapper;

/**
 * What the composition root calls. For example:
 * <pre>{@code
 * Authorizer authz = Authorizers.chain(BanList.fromFile(Path.of("/etc/opensrm/ban-list"), Duration.ofSeconds(2)),
 *         List.of(new GridMapMapper(GridMapConfig.builder(Path.of("/etc/grid-security/grid-mapfile")).build()),
 *                 gumsMapper),
 *         AccountResolver.system());
 * }</pre>
 * Every factory reads its files at once and throws {@link IllegalArgumentException} naming a file that is
 * missing, unreadable or malformed.
 */
public final class Authorizers {
    private Authorizers() {
    }

    /** Ban list, then {@code mappers} in order, then {@code accounts}: see {@link AuthorizationChain}. */
    public static Authorizer chain(BanList banList, List<Mapper> mappers, AccountResolver accounts) {
        return new AuthorizationChain(banList, mappers, accounts);
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
        BanList bans = config.banListFile().map(f -> BanList.fromFile(f, config.refreshInterval()))
                .orElse(BanList.NONE);
        return chain(bans, List.of(new GridMapMapper(config)), accounts);
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

package org.opensrm.authz.vomsmap;

import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapper;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.internal.ReloadingFile;
import org.opensrm.common.SrmException;

/**
 * The {@code vomsmap} mapper: the client's primary FQAN (the first of its validated VOMS attributes) is looked up
 * in a VO role map of FQAN patterns (see {@link FqanPattern}); the first matching line names the account, or the
 * pool from which the client's DN leases one (see {@link PoolAccounts}). A client without FQANs, or whose
 * primary FQAN matches no line, is left to the next mapper: the secondary FQANs never decide.
 * The role map is re-read when it changes.
 */
public final class VomsMapMapper implements Mapper {
    private final ReloadingFile<VoRoleMap> map;
    private final Optional<PoolAccounts> pools;

    /** @throws IllegalArgumentException naming the file when it is missing, unreadable or malformed */
    public VomsMapMapper(VomsMapConfig config) {
        this.map = new ReloadingFile<>("VOMS role map", config.roleMapFile(), VoRoleMap.PARSER,
                config.refreshInterval());
        this.pools = config.gridmapdir().map(PoolAccounts::new);
    }

    @Override
    public String name() {
        return "vomsmap";
    }

    @Override
    public Optional<Mapping> map(ClientIdentity client) throws SrmException {
        if (client.primaryFqan().isEmpty()) {
            return Optional.empty();
        }
        String primary = client.primaryFqan().get();
        Optional<VoRoleMap.Target> target = map.get().targetOf(primary);
        if (target.isEmpty()) {
            return Optional.empty();
        }
        if (!target.get().pool()) {
            return Optional.of(Mapping.to(target.get().name()));
        }
        if (pools.isEmpty()) {
            throw SrmException.denied("FQAN " + primary + " maps to pool ." + target.get().name()
                    + " but no gridmapdir is configured");
        }
        return Optional.of(Mapping.to(pools.get().lease(target.get().name(), client.dn())));
    }

    @Override
    public String toString() {
        return "VOMS role map " + map.file();
    }
}

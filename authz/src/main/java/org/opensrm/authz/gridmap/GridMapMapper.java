package org.opensrm.authz.gridmap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapper;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.internal.GridMap;
import org.opensrm.authz.internal.GridMapParser;
import org.opensrm.authz.internal.ReloadingFile;

/**
 * The {@code gridmap} mapper: maps clients to accounts with a grid-mapfile and, optionally, a grid-vorolemap,
 * re-read when they change.
 *
 * <p>Order: first the FQAN lines, for each of the client's FQANs in turn (primary first): the line for the
 * client's DN and that FQAN, then the {@code *} line for that FQAN (vorolemap file before grid-mapfile). Then the
 * plain DN line (vorolemap file before grid-mapfile). The first line found decides: its first (default) account
 * is the mapping (and if that account does not exist the client is refused, not mapped by a later line).
 * A client whose DN and FQANs match no line is left to the next mapper. DNs compare as described in
 * {@code Dns}, FQANs as in {@code Fqans}.
 */
public final class GridMapMapper implements Mapper {
    private final List<ReloadingFile<GridMap>> maps;

    /**
     * Reads the grid-mapfile (and vorolemap) of {@code config} now; the ban list of {@code config} is not this
     * class's business (see {@link org.opensrm.authz.AuthorizationChain}).
     *
     * @throws IllegalArgumentException naming the file when a file is missing, unreadable or malformed
     */
    public GridMapMapper(GridMapConfig config) {
        List<ReloadingFile<GridMap>> files = new ArrayList<>();
        config.voRoleMapFile().ifPresent(f -> files.add(
                new ReloadingFile<>("grid-vorolemap", f, new GridMapParser(), config.refreshInterval())));
        files.add(new ReloadingFile<>("grid-mapfile", config.gridMapFile(), new GridMapParser(),
                config.refreshInterval()));
        this.maps = List.copyOf(files);
    }

    @Override
    public String name() {
        return "gridmap";
    }

    @Override
    public Optional<Mapping> map(ClientIdentity client) {
        List<GridMap> current = new ArrayList<>(maps.size());
        for (ReloadingFile<GridMap> map : maps) {
            current.add(map.get());
        }
        return findLine(client, current).map(line -> Mapping.to(line.get(0)));
    }

    private static Optional<List<String>> findLine(ClientIdentity client, List<GridMap> current) {
        for (String fqan : client.fqans()) {
            for (GridMap map : current) {
                Optional<List<String>> line = map.accountsForFqan(client.dn(), fqan);
                if (line.isPresent()) {
                    return line;
                }
            }
        }
        for (GridMap map : current) {
            Optional<List<String>> line = map.accountsForDn(client.dn());
            if (line.isPresent()) {
                return line;
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "grid-mapfile authorization from "
                + maps.stream().map(m -> m.file().toString()).reduce((a, b) -> a + ", " + b).orElse("");
    }
}

package org.opensrm.authz;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.authz.internal.GridMap;
import org.opensrm.authz.internal.GridMapParser;
import org.opensrm.authz.internal.ReloadingFile;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps clients to accounts with a grid-mapfile and, optionally, a grid-vorolemap, re-read when they change.
 *
 * <p>Order: first the FQAN lines, for each of the client's FQANs in turn (primary first): the line for the
 * client's DN and that FQAN, then the {@code *} line for that FQAN (vorolemap file before grid-mapfile). Then the
 * plain DN line (vorolemap file before grid-mapfile). The first line found decides: its first (default) account
 * is resolved, and if that account does not exist the client is refused, not mapped by a later line.
 * A client whose DN and FQANs match no line is refused with {@code SRM_AUTHORIZATION_FAILURE}
 * "DN ... is not mapped". DNs compare as described in {@code Dns}, FQANs as in {@code Fqans}.
 */
public final class GridMapAuthorizer implements Authorizer {
    private static final Logger LOG = LoggerFactory.getLogger(GridMapAuthorizer.class);

    private final List<ReloadingFile<GridMap>> maps;
    private final AccountResolver accounts;

    /**
     * Reads the grid-mapfile (and vorolemap) of {@code config} now; the ban list of {@code config} is not this
     * class's business (see {@link BanningAuthorizer}, {@link Authorizers}).
     *
     * @throws IllegalArgumentException naming the file when a file is missing, unreadable or malformed
     */
    public GridMapAuthorizer(GridMapConfig config, AccountResolver accounts) {
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        List<ReloadingFile<GridMap>> files = new ArrayList<>();
        config.voRoleMapFile().ifPresent(f -> files.add(
                new ReloadingFile<>("grid-vorolemap", f, new GridMapParser(), config.refreshInterval())));
        files.add(new ReloadingFile<>("grid-mapfile", config.gridMapFile(), new GridMapParser(),
                config.refreshInterval()));
        this.maps = List.copyOf(files);
    }

    @Override
    public Account authorize(ClientIdentity client) throws SrmException {
        List<GridMap> current = new ArrayList<>(maps.size());
        for (ReloadingFile<GridMap> map : maps) {
            current.add(map.get());
        }
        Optional<List<String>> line = findLine(client, current);
        if (line.isEmpty()) {
            throw SrmException.denied("DN " + client.dn() + " is not mapped");
        }
        Account account = accounts.resolve(line.get().get(0));
        LOG.debug("Mapped DN {} to account {}", client.dn(), account);
        return account;
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

package org.opensrm.server;

import java.io.IOException;
import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.opensrm.stores.RequestStores;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.stores.SpaceStores;
import org.opensrm.server.config.FullModeSettings;
import org.opensrm.server.config.ServerConfig;

/**
 * Opens full mode's request store as {@code srm.store} says: the embedded store under {@code srm.state.dir}, or the
 * shared PostgreSQL database. A store that cannot be opened at start stops the start with one sentence naming it
 * and why (the database unreachable, a migration failed); later outages are the store's to answer.
 */
final class RequestStoreOpening {
    private RequestStoreOpening() {
    }

    static RequestStore open(ServerConfig config, Clock clock) throws IOException {
        FullModeSettings full = config.full();
        String which = full.postgres()
                .map(pg -> "srm.store=postgresql at " + pg.jdbcUrl() + " as " + pg.user())
                .orElse("srm.store=embedded in " + config.stateDir().resolve(RequestStores.EMBEDDED_FILE));
        try {
            return full.postgres().isPresent() ? RequestStores.postgres(full.postgres().get(), clock,
                    frontendName(config)) : RequestStores.embedded(config.stateDir(), clock);
        } catch (SrmException e) {
            throw new IOException("the request store (" + which + ") cannot be opened: " + reason(e), e);
        }
    }

    /**
     * This frontend's name among those sharing the database: {@code srm.frontend.name}, or the host's name and the
     * absolute state directory (no two frontends share one: the upload journal is there), so that a restart keeps
     * its name and takes its earlier run's work back at once.
     */
    static String frontendName(ServerConfig config) {
        return config.full().frontendName().orElseGet(() -> {
            String host;
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                host = "localhost";
            }
            return host + ":" + config.stateDir().toAbsolutePath().normalize();
        });
    }

    /** The space reservations' store, in the same database as the requests. */
    static SpaceStore openSpaces(ServerConfig config, Clock clock) throws IOException {
        FullModeSettings full = config.full();
        try {
            return full.postgres().isPresent() ? SpaceStores.postgres(full.postgres().get(), clock)
                    : SpaceStores.embedded(config.stateDir(), clock);
        } catch (SrmException e) {
            throw new IOException("the space store (in the request store's database) cannot be opened: "
                    + reason(e), e);
        }
    }

    /** The explanation and the innermost cause, which says what was wrong (refused, authentication, ...). */
    private static String reason(SrmException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e || root.getMessage() == null ? e.getMessage()
                : e.getMessage() + " (" + root.getMessage() + ")";
    }
}

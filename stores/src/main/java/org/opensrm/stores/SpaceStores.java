package org.opensrm.stores;

import java.nio.file.Path;
import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.stores.internal.Databases;
import org.opensrm.stores.internal.JdbcSpaceStore;

/**
 * Opens the persistent space stores. Reservations live in the request store's database (the same SQLite file
 * under the state directory, or the same PostgreSQL database): one schema history (the space tables are migration
 * V3 of the one Flyway location), one file to back up, and several frontends share reservations exactly as they
 * share requests. Each store brings the schema up to date when it opens.
 */
public final class SpaceStores {
    private SpaceStores() {
    }

    /**
     * The embedded store: SQLite in {@code stateDir}/{@value RequestStores#EMBEDDED_FILE} (WAL), beside the
     * requests. It has its own connection and writer; SQLite serialises its writes with the request store's.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be opened or migrated
     */
    public static SpaceStore embedded(Path stateDir, Clock clock) throws SrmException {
        return new JdbcSpaceStore(Databases.sqlite(stateDir.resolve(RequestStores.EMBEDDED_FILE)), clock, true);
    }

    /**
     * The shared store for several frontends, in the request store's PostgreSQL database.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be reached or migrated
     */
    public static SpaceStore postgres(PostgresStoreConfig config, Clock clock) throws SrmException {
        return new JdbcSpaceStore(Databases.postgres(config), clock, true);
    }
}

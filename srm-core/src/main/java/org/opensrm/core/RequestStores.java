package org.opensrm.core;

import java.nio.file.Path;
import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.internal.Databases;
import org.opensrm.core.internal.JdbcRequestStore;

/** Opens the persistent request stores; each brings its schema up to date (Flyway migrations) when it opens. */
public final class RequestStores {
    /** The embedded store's database file in the state directory. */
    public static final String EMBEDDED_FILE = "requests.db";

    private RequestStores() {
    }

    /**
     * The embedded store for one frontend: SQLite in {@code stateDir}/{@value #EMBEDDED_FILE} (WAL journal), the
     * directory made if missing.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be opened or migrated
     */
    public static RequestStore embedded(Path stateDir, Clock clock) throws SrmException {
        return new JdbcRequestStore(Databases.sqlite(stateDir.resolve(EMBEDDED_FILE)), clock, new TokenGenerator());
    }

    /**
     * The shared store for several frontends.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be reached (within
     *                      {@link PostgresStoreConfig#connectTimeout()}) or migrated
     */
    public static RequestStore postgres(PostgresStoreConfig config, Clock clock) throws SrmException {
        return new JdbcRequestStore(Databases.postgres(config), clock, new TokenGenerator());
    }
}

package org.opensrm.stores;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.opensrm.core.TokenGenerator;
import org.opensrm.stores.internal.Database;
import org.opensrm.stores.internal.Databases;
import org.opensrm.stores.internal.JdbcRequestStore;
import org.opensrm.stores.internal.RecentRequests;
import org.opensrm.core.service.UploadJournal;

/** Opens the persistent request stores; each brings its schema up to date (Flyway migrations) when it opens. */
public final class RequestStores {
    /** The embedded store's database file in the state directory. */
    public static final String EMBEDDED_FILE = "requests.db";

    private RequestStores() {
    }

    /**
     * The embedded store for one frontend: SQLite in {@code stateDir}/{@value #EMBEDDED_FILE} (WAL journal), the
     * directory made if missing. It keeps the requests it wrote last in memory and reads them from there, so no
     * other store (of this process or another) may write requests to that file while it is open (the space store
     * beside it writes only its own tables).
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be opened or migrated
     */
    public static RequestStore embedded(Path stateDir, Clock clock) throws SrmException {
        RecentRequests recent = new RecentRequests(RecentRequests.EMBEDDED_LIMIT);
        return new JdbcRequestStore(Databases.sqlite(stateDir.resolve(EMBEDDED_FILE), recent), clock,
                new TokenGenerator(), recent);
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

    /**
     * The shared store for several frontends, this one named {@code frontend} (unique among them): it takes a lease
     * of that name as it opens ({@link RequestStore#leases}), creates requests held under it and fences the engine's
     * changes with it ({@link RequestStore#updateHeld}).
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when the database cannot be reached or migrated
     */
    public static RequestStore postgres(PostgresStoreConfig config, Clock clock, String frontend)
            throws SrmException {
        Database db = Databases.postgres(config);
        try {
            return JdbcRequestStore.leased(db, clock, new TokenGenerator(), frontend);
        } catch (SrmException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * The journal of uploads kept in {@code store} for every frontend sharing it: present for the shared PostgreSQL
     * store opened with a frontend name, empty for every other (the upload janitor keeps its file journal then).
     */
    public static Optional<UploadJournal> sharedUploads(RequestStore store) {
        return store instanceof JdbcRequestStore jdbc ? jdbc.sharedUploads() : Optional.empty();
    }
}

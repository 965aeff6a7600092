package org.opensrm.stores;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestStore;
import org.opensrm.core.contract.StoreFixture;
import org.opensrm.testkit.PostgresCluster;

/** The PostgreSQL store over one database of a test cluster. */
public final class PostgresFixture implements StoreFixture {
    private final String jdbcUrl;
    private final int poolSize;

    PostgresFixture(String jdbcUrl, int poolSize) {
        this.jdbcUrl = jdbcUrl;
        this.poolSize = poolSize;
    }

    PostgresStoreConfig config() {
        return configured().build();
    }

    /** The store's settings over this database, for a test to change before it opens a store with them. */
    public PostgresStoreConfig.Builder configured() {
        return PostgresStoreConfig.builder(jdbcUrl, PostgresCluster.USER).poolSize(poolSize);
    }

    /** A plain connection to this database, outside any store: for a test's own statements. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, PostgresCluster.USER, "");
    }

    /** The store as frontend {@code frontend} of several sharing the database opens it (with its lease). */
    public RequestStore openAs(String frontend, Clock clock) throws SrmException {
        return RequestStores.postgres(config(), clock, frontend);
    }

    @Override
    public RequestStore open(Clock clock) throws SrmException {
        return RequestStores.postgres(config(), clock);
    }

    @Override
    public void close() {
        // the database goes with the cluster at the end of the run
    }
}

package org.opensrm.stores;

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
        return PostgresStoreConfig.builder(jdbcUrl, PostgresCluster.USER).poolSize(poolSize).build();
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

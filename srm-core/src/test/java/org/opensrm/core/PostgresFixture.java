package org.opensrm.core;

import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.contract.StoreFixture;
import org.opensrm.testkit.PostgresCluster;

/** The PostgreSQL store over one database of a test cluster. */
public final class PostgresFixture implements StoreFixture {
    private final String jdbcUrl;

    PostgresFixture(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    PostgresStoreConfig config() {
        return PostgresStoreConfig.builder(jdbcUrl, PostgresCluster.USER).poolSize(4).build();
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

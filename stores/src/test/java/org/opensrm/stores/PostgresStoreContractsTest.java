package org.opensrm.stores;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.core.contract.RequestStoreContracts;
import org.opensrm.core.contract.StoreFixture;

/** Every request store contract suite, bound to the PostgreSQL store on a real PostgreSQL. */
@Tag("integration")
class PostgresStoreContractsTest extends RequestStoreContracts {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @Override
    protected StoreFixture newFixture() throws Exception {
        return PG.newFixture();
    }
}

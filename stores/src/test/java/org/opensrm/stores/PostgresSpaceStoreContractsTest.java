package org.opensrm.stores;

import java.time.Clock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.common.SrmException;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.contract.SpaceStoreContracts;
import org.opensrm.core.space.contract.SpaceStoreFixture;

/** Every space store contract suite, bound to the PostgreSQL store on a real PostgreSQL. */
@Tag("integration")
class PostgresSpaceStoreContractsTest extends SpaceStoreContracts {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @Override
    protected SpaceStoreFixture newFixture() throws Exception {
        PostgresFixture db = PG.newFixture();
        return new SpaceStoreFixture() {
            @Override
            public SpaceStore open(Clock clock) throws SrmException {
                return SpaceStores.postgres(db.config(), clock);
            }

            @Override
            public void close() {
                db.close();
            }
        };
    }
}

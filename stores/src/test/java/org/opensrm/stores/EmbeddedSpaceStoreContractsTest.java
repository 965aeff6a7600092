package org.opensrm.stores;

import java.time.Clock;
import org.opensrm.common.SrmException;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.core.space.contract.SpaceStoreContracts;
import org.opensrm.core.space.contract.SpaceStoreFixture;

/** Every space store contract suite, bound to the embedded store (SQLite, the request store's file). */
class EmbeddedSpaceStoreContractsTest extends SpaceStoreContracts {
    @Override
    protected SpaceStoreFixture newFixture() throws Exception {
        EmbeddedFixture dir = new EmbeddedFixture();
        return new SpaceStoreFixture() {
            @Override
            public SpaceStore open(Clock clock) throws SrmException {
                return SpaceStores.embedded(dir.dir(), clock);
            }

            @Override
            public void close() throws Exception {
                dir.close();
            }
        };
    }
}

package org.opensrm.stores;

import org.opensrm.core.contract.RequestStoreContracts;
import org.opensrm.core.contract.StoreFixture;

/** Every request store contract suite, bound to the embedded store (SQLite). */
class EmbeddedStoreContractsTest extends RequestStoreContracts {
    @Override
    protected StoreFixture newFixture() throws Exception {
        return new EmbeddedFixture();
    }
}

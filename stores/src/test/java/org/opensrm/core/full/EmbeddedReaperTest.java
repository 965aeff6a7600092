package org.opensrm.core.full;

import org.opensrm.stores.EmbeddedFixture;
import org.opensrm.core.contract.StoreFixture;

/** The reaper on the embedded store. */
class EmbeddedReaperTest extends ReaperTests {
    @Override
    protected StoreFixture newFixture() throws Exception {
        return new EmbeddedFixture();
    }
}

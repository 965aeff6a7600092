package org.opensrm.core.full;

import org.junit.jupiter.api.parallel.Isolated;
import org.opensrm.stores.EmbeddedFixture;
import org.opensrm.core.contract.StoreFixture;

/** The reaper on the embedded store. */
@Isolated("asserts that no thread named srm-reaper is left, which another class's full mode would have")
class EmbeddedReaperTest extends ReaperTests {
    @Override
    protected StoreFixture newFixture() throws Exception {
        return new EmbeddedFixture();
    }
}

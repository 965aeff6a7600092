package org.opensrm.server.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every step of {@link GfalTransferTest} against a server in full mode (srm.mode=full, embedded store). */
class GfalTransferFullModeTest extends GfalTransferTest {
    @BeforeAll
    static void start() throws Exception {
        startSite(E2eSite.FULL_MODE);
    }

    @Test
    void anUploadIsKeptAsARequestOfItsOwner() throws Exception {
        FullModeProof.assertTheUploadIsKept(site, site.alice(), "/alice");
    }
}

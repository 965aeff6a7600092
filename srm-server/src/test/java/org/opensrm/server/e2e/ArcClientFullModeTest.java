package org.opensrm.server.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every step of {@link ArcClientTest} against a server in full mode (srm.mode=full, embedded store). */
class ArcClientFullModeTest extends ArcClientTest {
    @BeforeAll
    static void start() throws Exception {
        startSite(E2eSite.FULL_MODE);
    }

    @Test
    void anUploadIsKeptAsARequestOfItsOwner() throws Exception {
        FullModeProof.assertTheUploadIsKept(site, site.alice(), "/alice");
    }
}

package org.opensrm.server.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every step of {@link GfalNamespaceOperationsTest} against a server in full mode (srm.mode=full, embedded store). */
class GfalNamespaceOperationsFullModeTest extends GfalNamespaceOperationsTest {
    @BeforeAll
    static void start() throws Exception {
        startSite(E2eSite.FULL_MODE);
    }

    @Test
    void anUploadIsKeptAsARequestOfItsOwner() throws Exception {
        FullModeProof.assertTheUploadIsKept(site, site.alice(), "/alice");
    }
}

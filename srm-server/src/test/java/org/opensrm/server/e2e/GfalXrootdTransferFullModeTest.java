package org.opensrm.server.e2e;

import org.junit.jupiter.api.BeforeAll;

/** Every step of {@link GfalXrootdTransferTest} against a server in full mode (srm.mode=full, embedded store). */
class GfalXrootdTransferFullModeTest extends GfalXrootdTransferTest {
    @BeforeAll
    static void start() throws Exception {
        startSite(E2eSite.FULL_MODE);
    }
}

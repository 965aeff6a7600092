package org.opensrm.server.e2e;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every step of {@link GfalBringOnlineTest} against a server in full mode: the bring-online request is queued, and
 * gfal-bringonline, given a polling timeout, polls it until the file is online (READY) or has failed.
 */
class GfalBringOnlineFullModeTest extends GfalBringOnlineTest {
    @BeforeAll
    static void start() throws Exception {
        startSite(E2eSite.FULL_MODE, List.of("--polling-timeout", "60"), "READY");
    }

    @Test
    void anUploadIsKeptAsARequestOfItsOwner() throws Exception {
        FullModeProof.assertTheUploadIsKept(site, site.alice(), "/alice");
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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

    @Test
    void theQueueIsInTheMetrics() {
        String scrape = site.server().metrics().render();
        for (String gauge : List.of("srm_full_files_queued", "srm_full_files_in_progress_get",
                "srm_full_files_in_progress_put", "srm_full_files_in_progress_bring_online",
                "srm_full_files_in_progress_ls")) {
            assertTrue(scrape.lines().anyMatch(l -> l.startsWith(gauge + " ")), gauge + " in\n" + scrape);
        }
    }
}

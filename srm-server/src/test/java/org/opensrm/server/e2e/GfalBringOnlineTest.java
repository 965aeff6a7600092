package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * gfal-bringonline (srmBringOnline, then srmStatusOfBringOnlineRequest until the file is online) on a file that is
 * there, with and without a pin lifetime, and on one that is not. gfal-bringonline exits 0 whatever happened and
 * reports each file on a line of its own, "SURL => FAILED: ..." for one that failed.
 */
@Timeout(300)
class GfalBringOnlineTest {
    static E2eSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of());
    }

    /** Starts the site with {@code mode}'s settings (gateway mode here; a subclass's own start hides this one). */
    static void startSite(Map<String, String> mode) throws Exception {
        site = E2eSite.start(mode);
        alice = site.clients(site.alice());
        Path seed = OnDisk.randomFile(site.scratch("bringonline").resolve("seed.bin"), 300_000, 51);
        ClientRun put = alice.gfal("gfal-copy", "file://" + seed, site.surl("/alice/online.bin"));
        assertTrue(put.ok(), put.describe());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aFileOnDiskIsBroughtOnline() throws Exception {
        ClientRun bring = alice.gfal("gfal-bringonline", site.surl("/alice/online.bin"));
        assertTrue(bring.ok() && bring.stdout().contains("/alice/online.bin"), bring.describe());
        assertFalse(bring.output().contains("FAILED"), bring.describe());
    }

    @Test
    void aFileIsBroughtOnlineWithThePinLifetimeAsked() throws Exception {
        ClientRun bring = alice.gfal("gfal-bringonline", "--pin-lifetime", "600", "--desired-request-time", "1200",
                site.surl("/alice/online.bin"));
        assertTrue(bring.ok() && bring.stdout().contains("/alice/online.bin"), bring.describe());
        assertFalse(bring.output().contains("FAILED"), bring.describe());
    }

    @Test
    void aMissingFileIsNoSuchFile() throws Exception {
        ClientRun bring = alice.gfal("gfal-bringonline", site.surl("/alice/not-there.bin"));
        // gfal-bringonline exits 0 and reports a failed file on its line
        assertTrue(bring.stdout().contains("/alice/not-there.bin => FAILED")
                && bring.stdout().contains("SRM_INVALID_PATH"), bring.describe());
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * gfal-bringonline (srmBringOnline, then, with a polling timeout, srmStatusOfBringOnlineRequest until the file is
 * online) on a file that is there, with and without a pin lifetime, and on one that is not. gfal-bringonline exits
 * 0 whatever happened and reports each file on a line of its own: "SURL QUEUED" while it waits, "SURL READY" once
 * online, "SURL => FAILED: ..." for one that failed.
 */
@Timeout(300)
@Tag("integration")
class GfalBringOnlineTest {
    static E2eSite site;
    static SrmClients alice;
    /** How gfal-bringonline is run, and what it prints for a file brought online (see {@link #startSite}). */
    static List<String> polling;
    static String online;

    /**
     * Gateway mode serves srmBringOnline at once; gfal-bringonline, given a polling timeout, polls it with the token
     * it was given until the file is online (READY), as in full mode. gfal2 keeps at most 127 characters of a
     * bring-online token: gateway mode's bring-online tokens are that short (they carry digests of the SURLs, which
     * the poll names), so the server recognises the token it gave.
     */
    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of(), List.of("--polling-timeout", "60"), "READY");
    }

    /**
     * Starts the site with {@code mode}'s settings (gateway mode here; a subclass's own start hides this one), and
     * runs gfal-bringonline with {@code pollingArgs}, expecting {@code onlineWord} for a file brought online.
     */
    static void startSite(Map<String, String> mode, List<String> pollingArgs, String onlineWord) throws Exception {
        polling = pollingArgs;
        online = onlineWord;
        if (site != null) { // JUnit runs the base class's @BeforeAll too: its site is closed, not left running
            site.close();
        }
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
        ClientRun bring = bringOnline(site.surl("/alice/online.bin"));
        assertTrue(bring.ok() && bring.stdout().contains("/alice/online.bin " + online), bring.describe());
        assertFalse(bring.output().contains("FAILED"), bring.describe());
    }

    @Test
    void aFileIsBroughtOnlineWithThePinLifetimeAsked() throws Exception {
        ClientRun bring = bringOnline("--pin-lifetime", "600", "--desired-request-time", "1200",
                site.surl("/alice/online.bin"));
        assertTrue(bring.ok() && bring.stdout().contains("/alice/online.bin " + online), bring.describe());
        assertFalse(bring.output().contains("FAILED"), bring.describe());
    }

    @Test
    void aMissingFileIsNoSuchFile() throws Exception {
        ClientRun bring = bringOnline(site.surl("/alice/not-there.bin"));
        // gfal-bringonline exits 0 and reports a failed file on its line
        assertTrue(bring.stdout().contains("/alice/not-there.bin => FAILED")
                && bring.stdout().contains("SRM_INVALID_PATH"), bring.describe());
    }

    private static ClientRun bringOnline(String... args) throws Exception {
        List<String> all = new ArrayList<>(polling);
        all.addAll(List.of(args));
        return alice.gfal("gfal-bringonline", all.toArray(String[]::new));
    }
}

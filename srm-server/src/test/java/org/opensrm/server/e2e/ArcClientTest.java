package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
 * The ARC 6.17 data tools, a second SRM client implementation, against the same server: listing (with the
 * checksum from srmLs), download, upload, mkdir, rename and remove, and the errors they report.
 */
@Timeout(300)
@Tag("integration")
class ArcClientTest {
    static E2eSite site;
    static SrmClients alice;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of());
    }

    /** Starts the site with {@code mode}'s settings (gateway mode here; a subclass's own start hides this one). */
    static void startSite(Map<String, String> mode) throws Exception {
        if (site != null) { // JUnit runs the base class's @BeforeAll too: its site is closed, not left running
            site.close();
        }
        site = E2eSite.start(mode);
        alice = site.clients(site.alice());
        local = site.scratch("arc");
        Path seed = OnDisk.randomFile(local.resolve("seed.bin"), 2 * 1024 * 1024 + 9, 41);
        ClientRun put = alice.gfal("gfal-copy", "file://" + seed, site.surl("/alice/seed.bin"));
        assertTrue(put.ok(), put.describe());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void arclsListsADirectoryAndShowsTheAdler32() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/arc-listed")).ok());
        ClientRun ls = alice.arc("arcls", "-t", "30", site.surl("/alice"));
        assertTrue(ls.ok(), ls.describe());
        List<String> names = ls.stdout().lines().map(String::trim).toList();
        assertTrue(names.contains("seed.bin") && names.contains("arc-listed"), ls.describe());

        ClientRun long_ = alice.arc("arcls", "-l", "-t", "30", site.surl("/alice/seed.bin"));
        assertTrue(long_.ok(), long_.describe());
        String sum = OnDisk.adler32(site.onDisk("/alice/seed.bin"));
        assertTrue(long_.stdout().contains("adler32:" + sum), "checksum from srmLs: " + long_.describe());
        assertTrue(long_.stdout().contains(" " + Files.size(site.onDisk("/alice/seed.bin")) + " "), long_.describe());
    }

    @Test
    void arccpDownloadsTheSameBytes() throws Exception {
        Path back = local.resolve("arc-back.bin");
        ClientRun cp = alice.arc("arccp", "-t", "60", site.surl("/alice/seed.bin"), back.toString());
        assertTrue(cp.ok(), cp.describe());
        assertEquals(-1L, Files.mismatch(local.resolve("seed.bin"), back), "identical content");
    }

    @Test
    void arccpUploadsAFile() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("arc-up.bin"), 1024 * 1024 + 3, 42);
        // VERBOSE shows the SRM steps: after the transfer and before srmPutDone ARC lists the target SURL to compare
        // its adler32 with the one it computed, and aborts the put if that listing fails
        ClientRun cp = alice.arc("arccp", "-d", "VERBOSE", "-t", "60", source.toString(),
                site.surl("/alice/arc-up.bin"));
        assertTrue(cp.ok(), cp.describe());
        String both = cp.stdout() + cp.stderr();
        assertTrue(both.contains("matches checksum reported by SRM destination"),
                "ARC compared its adler32 with the one the listing of the open put reported: " + cp.describe());
        Path stored = site.onDisk("/alice/arc-up.bin");
        assertEquals(-1L, Files.mismatch(source, stored), "identical content");
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(stored));
        assertEquals(List.of(), OnDisk.uploadsIn(site.onDisk("/alice")), "no hidden upload left behind");
        assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)), "no staged upload left");
    }

    @Test
    void arcmkdirMakesDirectoriesOwnedByTheMappedAccount() throws Exception {
        ClientRun mk = alice.arc("arcmkdir", "-t", "30", site.surl("/alice/arc-made"));
        assertTrue(mk.ok(), mk.describe());
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/arc-made")));
        ClientRun mkp = alice.arc("arcmkdir", "-p", "-t", "30", site.surl("/alice/arc-deep/er/est"));
        assertTrue(mkp.ok(), mkp.describe());
        assertTrue(Files.isDirectory(site.onDisk("/alice/arc-deep/er/est")));
        assertEquals(E2eSite.ALICE_ACCOUNT, OnDisk.owner(site.onDisk("/alice/arc-deep/er")));
    }

    @Test
    void arcrenameMovesAFileAndADirectory() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/arc-old.dat"), 100, 43);
        String sum = OnDisk.adler32(file);
        ClientRun mv = alice.arc("arcrename", "-t", "30", site.surl("/alice/arc-old.dat"),
                site.surl("/alice/arc-new.dat"));
        assertTrue(mv.ok(), mv.describe());
        assertFalse(Files.exists(file));
        assertEquals(sum, OnDisk.adler32(site.onDisk("/alice/arc-new.dat")));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/arc-dir-old")).ok());
        ClientRun mvDir = alice.arc("arcrename", "-t", "30", site.surl("/alice/arc-dir-old"),
                site.surl("/alice/arc-dir-new"));
        assertTrue(mvDir.ok(), mvDir.describe());
        assertTrue(Files.isDirectory(site.onDisk("/alice/arc-dir-new")));
    }

    @Test
    void arcrmRemovesAFileAndAnEmptyDirectory() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/arc-rm.dat"), 100, 44);
        ClientRun rm = alice.arc("arcrm", "-t", "30", site.surl("/alice/arc-rm.dat"));
        assertTrue(rm.ok(), rm.describe());
        assertFalse(Files.exists(file));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/arc-rmdir")).ok());
        ClientRun rmDir = alice.arc("arcrm", "-t", "30", site.surl("/alice/arc-rmdir"));
        assertTrue(rmDir.ok(), rmDir.describe());
        assertFalse(Files.exists(site.onDisk("/alice/arc-rmdir")));
    }

    @Test
    void arcReportsAMissingPathAndARefusedUser() throws Exception {
        ClientRun missing = alice.arc("arcls", "-t", "30", site.surl("/alice/not-there"));
        assertEquals(1, missing.exitCode(), missing.describe());
        assertTrue(missing.stderr().contains("No such file or directory"), missing.describe());

        ClientRun unmapped = site.clients(site.carol()).arc("arcls", "-t", "30", site.surl("/alice"));
        assertEquals(1, unmapped.exitCode(), unmapped.describe());
        assertTrue(unmapped.stderr().contains("Permission denied") && unmapped.stderr().contains("not mapped"),
                unmapped.describe());

        ClientRun banned = site.clients(site.mallory()).arc("arccp", "-t", "30", site.surl("/alice/seed.bin"),
                local.resolve("banned.bin").toString());
        assertEquals(1, banned.exitCode(), banned.describe());
        assertFalse(Files.exists(local.resolve("banned.bin")));
    }
}

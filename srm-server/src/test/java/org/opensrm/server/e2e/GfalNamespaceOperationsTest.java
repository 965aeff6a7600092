package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * The gfal2 command-line tools manage Alice's namespace through the SRM server: what each command reports, and
 * what it leaves on disk (names, owners, modes). Errors arrive as the errno the C client maps the SRM status to.
 */
@Timeout(300)
class GfalNamespaceOperationsTest {
    static E2eSite site;
    static SrmClients alice;
    static int aliceUid;

    @BeforeAll
    static void start() throws Exception {
        startSite(Map.of());
    }

    /** Starts the site with {@code mode}'s settings (gateway mode here; a subclass's own start hides this one). */
    static void startSite(Map<String, String> mode) throws Exception {
        site = E2eSite.start(mode);
        alice = site.clients(site.alice());
        aliceUid = OnDisk.uidOf(E2eSite.ALICE_ACCOUNT);
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void mkdirWithParentsMakesEveryLevelOwnedByTheMappedAccount() throws Exception {
        ClientRun mk = alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mk/a/b/c"));
        assertTrue(mk.ok(), mk.describe());
        for (String dir : List.of("/alice/mk", "/alice/mk/a", "/alice/mk/a/b", "/alice/mk/a/b/c")) {
            Path p = site.onDisk(dir);
            assertTrue(Files.isDirectory(p), dir + " made");
            assertEquals(aliceUid, OnDisk.uid(p), "owner of " + dir);
        }
        ClientRun again = alice.gfal("gfal-mkdir", site.surl("/alice/mk/a"));
        assertEquals(17, again.exitCode(), "an existing directory is EEXIST: " + again.describe());
        assertTrue(again.stderr().contains("File exists") || again.stderr().contains("exist"), again.describe());
        ClientRun againP = alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mk/a/b"));
        assertTrue(againP.ok(), "mkdir -p of an existing directory succeeds: " + againP.describe());
    }

    @Test
    void statAndLongListingShowSizeTypeAndMode() throws Exception {
        Path file = site.onDisk("/alice/st.bin");
        OnDisk.randomFile(file, 123_457, 1);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        ClientRun st = alice.gfal("gfal-stat", site.surl("/alice/st.bin"));
        assertTrue(st.ok(), st.describe());
        assertTrue(st.stdout().contains("Size: 123457"), st.describe());
        assertTrue(st.stdout().contains("regular file"), st.describe());
        assertTrue(st.stdout().contains("0644/-rw-r--r--"), st.describe());

        ClientRun dir = alice.gfal("gfal-stat", site.surl("/alice"));
        assertTrue(dir.ok(), dir.describe());
        assertTrue(dir.stdout().contains("directory"), dir.describe());

        ClientRun ls = alice.gfal("gfal-ls", "-l", site.surl("/alice"));
        assertTrue(ls.ok(), ls.describe());
        String line = GfalOutput.results(ls).stream().filter(l -> l.endsWith("st.bin")).findFirst().orElse("");
        assertTrue(line.startsWith("-rw-r--r--") && line.contains(" 123457 "), "long listing line: " + ls.describe());
    }

    @Test
    void renameMovesTheFileOnDisk() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mv/to")).ok());
        Path from = OnDisk.randomFile(site.onDisk("/alice/mv/from.dat"), 1000, 2);
        String sum = OnDisk.adler32(from);
        ClientRun mv = alice.gfal("gfal-rename", site.surl("/alice/mv/from.dat"), site.surl("/alice/mv/to/moved.dat"));
        assertTrue(mv.ok(), mv.describe());
        assertFalse(Files.exists(from), "old name gone");
        assertEquals(sum, OnDisk.adler32(site.onDisk("/alice/mv/to/moved.dat")), "same content under the new name");
    }

    /**
     * gfal2 sends srmSetPermission with CHANGE, the owner's and others' modes and never a group permission
     * (gfal_srmv2_configure_set_permission), so the group bits stay as they were: SRM leaves what it is not given.
     */
    @Test
    void chmodChangesOwnerAndOtherBitsOnDiskAndGfalLeavesTheGroupBits() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/perm.dat"), 10, 3);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        ClientRun chmod = alice.gfal("gfal-chmod", "0604", site.surl("/alice/perm.dat"));
        assertTrue(chmod.ok(), chmod.describe());
        assertEquals("644", OnDisk.mode(file), "owner rw, group as before (r), other r");
        ClientRun back = alice.gfal("gfal-chmod", "0700", site.surl("/alice/perm.dat"));
        assertTrue(back.ok(), back.describe());
        assertEquals("740", OnDisk.mode(file), "owner rwx, group as before (r), other none");
    }

    @Test
    void rmRemovesAFileAndRefusesADirectory() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/gone.dat"), 10, 4);
        ClientRun rm = alice.gfal("gfal-rm", site.surl("/alice/gone.dat"));
        assertTrue(rm.ok(), rm.describe());
        assertTrue(rm.stdout().contains("DELETED"), rm.describe());
        assertFalse(Files.exists(file));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/adir")).ok());
        ClientRun rmDir = alice.gfal("gfal-rm", site.surl("/alice/adir"));
        assertEquals(21, rmDir.exitCode(), "EISDIR without -r: " + rmDir.describe());
        assertTrue(Files.isDirectory(site.onDisk("/alice/adir")));
    }

    @Test
    void rmdirRemovesOnlyEmptyDirectoriesAndRecursiveRmRemovesATree() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/tree/sub")).ok());
        OnDisk.randomFile(site.onDisk("/alice/tree/sub/leaf.dat"), 10, 5);
        String rmdir = "import sys, gfal2\n"
                + "ctx = gfal2.creat_context()\n"
                + "try:\n"
                + "    ctx.rmdir(sys.argv[1])\n"
                + "    print('removed')\n"
                + "except gfal2.GError as e:\n"
                + "    print('errno', e.code, e.message)\n";
        ClientRun notEmpty = alice.gfalPython(rmdir, site.surl("/alice/tree/sub"));
        assertTrue(notEmpty.ok(), notEmpty.describe());
        assertTrue(notEmpty.stdout().startsWith("errno 39 "), "ENOTEMPTY: " + notEmpty.describe());
        assertTrue(Files.exists(site.onDisk("/alice/tree/sub/leaf.dat")));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/tree/empty")).ok());
        ClientRun empty = alice.gfalPython(rmdir, site.surl("/alice/tree/empty"));
        assertEquals("removed", empty.stdout().trim(), empty.describe());
        assertFalse(Files.exists(site.onDisk("/alice/tree/empty")));

        ClientRun rmr = alice.gfal("gfal-rm", "-r", site.surl("/alice/tree"));
        assertTrue(rmr.ok(), rmr.describe());
        assertFalse(Files.exists(site.onDisk("/alice/tree")));
    }

    @Test
    void aMissingPathIsNoSuchFileOrDirectory() throws Exception {
        for (String tool : List.of("gfal-ls", "gfal-stat")) {
            ClientRun r = alice.gfal(tool, site.surl("/alice/does-not-exist"));
            assertEquals(2, r.exitCode(), tool + ": " + r.describe());
            assertTrue(r.stderr().contains("No such file or directory"), tool + ": " + r.describe());
        }
        ClientRun rm = alice.gfal("gfal-rm", site.surl("/alice/does-not-exist"));
        assertEquals(2, rm.exitCode(), rm.describe());
        assertTrue(rm.stdout().contains("MISSING"), "gfal-rm reports a missing file on stdout: " + rm.describe());
        ClientRun down = alice.gfal("gfal-copy", site.surl("/alice/does-not-exist"),
                "file://" + site.scratch("missing").resolve("x"));
        assertEquals(2, down.exitCode(), down.describe());
    }
}

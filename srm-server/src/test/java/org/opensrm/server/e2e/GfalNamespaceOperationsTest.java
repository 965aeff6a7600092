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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * The gfal2 command-line tools manage Alice's namespace through the SRM server: what each command reports, and
 * what it leaves on disk (names, owners, modes). Errors arrive as the errno the C client maps the SRM status to.
 */
@Timeout(300)
@Tag("integration")
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
        if (site != null) { // JUnit runs the base class's @BeforeAll too: its site is closed, not left running
            site.close();
        }
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
     * Issue 22 point 11: gfal2 sends srmSetPermission with CHANGE, the owner's and others' modes and an empty group
     * list (gfal_srmv2_configure_set_permission); the group takes other's bits, so {@code gfal-chmod 700} of a 770
     * file leaves 700 (it left 770), and every mode whose group and other digits agree comes out exactly.
     */
    @Test
    void gfalChmod700OfA770FileLeaves700OnDisk() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/perm.dat"), 10, 3);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxrwx---"));
        for (String mode : List.of("700", "755", "644", "600", "777", "700")) {
            ClientRun chmod = alice.gfal("gfal-chmod", "0" + mode, site.surl("/alice/perm.dat"));
            assertTrue(chmod.ok(), chmod.describe());
            assertEquals(mode, OnDisk.mode(file), "gfal-chmod " + mode);
        }
        Path dir = site.onDisk("/alice/permdir");
        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/permdir")).ok());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        ClientRun chmod = alice.gfal("gfal-chmod", "0700", site.surl("/alice/permdir"));
        assertTrue(chmod.ok(), chmod.describe());
        assertEquals("700", OnDisk.mode(dir), "a directory too");
        ClientRun stat = alice.gfal("gfal-stat", site.surl("/alice/perm.dat"));
        assertTrue(stat.stdout().contains("0700/-rwx------"), "gfal-stat shows it: " + stat.describe());
    }

    /**
     * Issue 22 point 11 over SOAP: srmSetPermission's ADD ors bits in, REMOVE clears them, CHANGE replaces them, for
     * owner, group (the entry's group, by name or digits) and other; a CHANGE without a group permission gives the
     * group other's bits, one without other's leaves both; per-user permissions (ACLs) are SRM_NOT_SUPPORTED.
     */
    @Test
    void srmSetPermissionMapsOwnerGroupAndOtherForAddRemoveAndChange() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/modes.dat"), 10, 9);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        SrmSoap soap = new SrmSoap(site, site.alice());
        String surl = site.surl("/alice/modes.dat");
        setPermission(soap, surl, "CHANGE", "RWX", group("R"), "NONE", "SRM_SUCCESS");
        assertEquals("740", OnDisk.mode(file), "CHANGE of all three, by name");
        setPermission(soap, surl, "ADD", null, group("2"), "4", "SRM_SUCCESS");
        assertEquals("764", OnDisk.mode(file), "ADD ors group w and other r in, by digits");
        setPermission(soap, surl, "REMOVE", "X", null, "R", "SRM_SUCCESS");
        assertEquals("660", OnDisk.mode(file), "REMOVE clears owner x and other r, the group as it was");
        setPermission(soap, surl, "CHANGE", "R", null, null, "SRM_SUCCESS");
        assertEquals("460", OnDisk.mode(file), "CHANGE of the owner alone leaves group and other");
        setPermission(soap, surl, "CHANGE", "RW", "<arrayOfGroupPermissions></arrayOfGroupPermissions>", "R",
                "SRM_SUCCESS");
        assertEquals("644", OnDisk.mode(file), "CHANGE without a group (gfal2's form): the group takes other's");
        setPermission(soap, surl, "CHANGE", "RWX", null, "NONE", "SRM_SUCCESS");
        assertEquals("700", OnDisk.mode(file), "without the group array at all, the same");
        HttpgResponse acl = soap.call("srmSetPermission", "<srmSetPermissionRequest><SURL>" + SrmSoap.xml(surl)
                + "</SURL><permissionType>ADD</permissionType><arrayOfUserPermissions><userPermissionArray>"
                + "<userID>srmuser2</userID><mode>R</mode></userPermissionArray></arrayOfUserPermissions>"
                + "</srmSetPermissionRequest>");
        SpecRequests.assertStatus("SRM_NOT_SUPPORTED", acl, "srmSetPermission");
        assertEquals("700", OnDisk.mode(file), "an ACL refused changes nothing");
    }

    private static String group(String mode) {
        return "<arrayOfGroupPermissions><groupPermissionArray><groupID>" + E2eSite.ALICE_ACCOUNT
                + "</groupID><mode>" + mode + "</mode></groupPermissionArray></arrayOfGroupPermissions>";
    }

    /** srmSetPermission of {@code surl}; each permission left out when null ({@code groups} is the whole array). */
    private static void setPermission(SrmSoap soap, String surl, String type, String owner, String groups,
                                      String other, String expected) throws Exception {
        HttpgResponse r = soap.call("srmSetPermission", "<srmSetPermissionRequest><SURL>" + SrmSoap.xml(surl)
                + "</SURL><permissionType>" + type + "</permissionType>"
                + (owner == null ? "" : "<ownerPermission>" + owner + "</ownerPermission>")
                + (groups == null ? "" : groups)
                + (other == null ? "" : "<otherPermission>" + other + "</otherPermission>")
                + "</srmSetPermissionRequest>");
        SpecRequests.assertStatus(expected, r, "srmSetPermission");
    }

    /**
     * Issue 22 point 4: a file or a directory moved onto an existing directory goes into it under its own name
     * (as dCache does), with gfal-rename and srmMv alike; a name taken inside it is still SRM_DUPLICATION_ERROR, a
     * file onto a file too, and nothing moves.
     */
    @Test
    void srmMvOntoAnExistingDirectoryMovesIntoIt() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/into/dest")).ok());
        Path file = OnDisk.randomFile(site.onDisk("/alice/into/f.dat"), 1000, 6);
        String sum = OnDisk.adler32(file);
        ClientRun mv = alice.gfal("gfal-rename", site.surl("/alice/into/f.dat"), site.surl("/alice/into/dest"));
        assertTrue(mv.ok(), mv.describe());
        assertFalse(Files.exists(file), "old name gone");
        assertEquals(sum, OnDisk.adler32(site.onDisk("/alice/into/dest/f.dat")), "the file went into the directory");

        SrmSoap soap = new SrmSoap(site, site.alice());
        OnDisk.randomFile(site.onDisk("/alice/into/g.dat"), 100, 7);
        SpecRequests.assertStatus("SRM_SUCCESS",
                soap.mv(site.surl("/alice/into/g.dat"), site.surl("/alice/into/dest/")), "srmMv");
        assertTrue(Files.isRegularFile(site.onDisk("/alice/into/dest/g.dat")), "into it, trailing slash or not");

        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/into/sub/deeper")).ok());
        SpecRequests.assertStatus("SRM_SUCCESS", soap.mv(site.surl("/alice/into/sub"), site.surl("/alice/into/dest")),
                "srmMv");
        assertTrue(Files.isDirectory(site.onDisk("/alice/into/dest/sub/deeper")), "a directory goes into it whole");
        assertFalse(Files.exists(site.onDisk("/alice/into/sub")));

        OnDisk.randomFile(site.onDisk("/alice/into/f.dat"), 10, 8);
        SpecRequests.assertStatus("SRM_DUPLICATION_ERROR",
                soap.mv(site.surl("/alice/into/f.dat"), site.surl("/alice/into/dest")), "srmMv");
        assertEquals(sum, OnDisk.adler32(site.onDisk("/alice/into/dest/f.dat")), "the name inside was not replaced");
        assertTrue(Files.exists(site.onDisk("/alice/into/f.dat")), "and nothing moved");
        SpecRequests.assertStatus("SRM_DUPLICATION_ERROR",
                soap.mv(site.surl("/alice/into/f.dat"), site.surl("/alice/into/dest/g.dat")), "srmMv");

        SpecRequests.assertStatus("SRM_SUCCESS", soap.mv(site.surl("/alice/into/f.dat"), site.surl("/alice/into")),
                "srmMv");
        assertTrue(Files.exists(site.onDisk("/alice/into/f.dat")), "into the directory that holds it: where it was");
        SpecRequests.assertStatus("SRM_INVALID_PATH",
                soap.mv(site.surl("/alice/into/dest"), site.surl("/alice/into/dest/sub")), "srmMv");
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

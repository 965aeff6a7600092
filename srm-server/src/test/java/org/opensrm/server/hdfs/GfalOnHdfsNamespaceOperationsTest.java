package org.opensrm.server.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * The gfal2 command-line tools (and python3-gfal2 for rmdir) manage Alice's namespace through an SRM server with
 * {@code backend=hdfs} on a MiniDFSCluster: what each command reports, and what it leaves in HDFS (names, owners,
 * permission bits as the NameNode holds them). Errors arrive as the errno the C client maps the SRM status to.
 */
@Timeout(300)
@Tag("integration")
class GfalOnHdfsNamespaceOperationsTest {
    @RegisterExtension
    static final MiniDfs HDFS = new MiniDfs();

    private static final Pattern LOG_LINE = Pattern.compile("^(WARNING|INFO|DEBUG|ERROR|event:|monitor:) ?.*");

    static HdfsSite site;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        site = HdfsSite.start(HDFS.cluster(), Map.of());
        alice = site.clients(site.alice());
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void mkdirWithParentsMakesEveryLevelInHdfsOwnedByTheMappedAccount() throws Exception {
        ClientRun id = alice.run(List.of("id", "-gn", HdfsSite.ALICE_ACCOUNT));
        assertTrue(id.ok(), id.describe());
        String aliceGroup = id.stdout().strip();
        ClientRun mk = alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mk/a/b/c"));
        assertTrue(mk.ok(), mk.describe());
        for (String dir : List.of("/alice/mk", "/alice/mk/a", "/alice/mk/a/b", "/alice/mk/a/b/c")) {
            FileStatus st = site.statusOrNull(site.hdfs(dir));
            assertNotNull(st, dir + " made in HDFS");
            assertTrue(st.isDirectory(), dir + " is a directory");
            assertEquals(HdfsSite.ALICE_ACCOUNT, st.getOwner(), "HDFS owner of " + dir);
            assertEquals(aliceGroup, st.getGroup(), "group of " + dir + ": the account's primary group");
        }
        ClientRun again = alice.gfal("gfal-mkdir", site.surl("/alice/mk/a"));
        assertEquals(17, again.exitCode(), "an existing directory is EEXIST: " + again.describe());
        ClientRun againP = alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mk/a/b"));
        assertTrue(againP.ok(), "mkdir -p of an existing directory succeeds: " + againP.describe());
    }

    @Test
    void statAndLongListingShowWhatHdfsHolds() throws Exception {
        byte[] content = HdfsSite.randomBytes(123_457, 1);
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/st.bin"), content);
        FileStatus inHdfs = site.superuser().getFileStatus(site.hdfs("/alice/st.bin"));
        String mode = String.format("%04o", inHdfs.getPermission().toShort());

        ClientRun st = alice.gfal("gfal-stat", site.surl("/alice/st.bin"));
        assertTrue(st.ok(), st.describe());
        assertTrue(st.stdout().contains("Size: " + content.length), st.describe());
        assertTrue(st.stdout().contains("regular file"), st.describe());
        assertTrue(st.stdout().contains(mode + "/-" + inHdfs.getPermission()), "mode " + mode + ": " + st.describe());

        ClientRun dir = alice.gfal("gfal-stat", site.surl("/alice"));
        assertTrue(dir.ok(), dir.describe());
        assertTrue(dir.stdout().contains("directory"), dir.describe());

        ClientRun ls = alice.gfal("gfal-ls", "-l", site.surl("/alice"));
        assertTrue(ls.ok(), ls.describe());
        String line = results(ls).stream().filter(l -> l.endsWith("st.bin")).findFirst().orElse("");
        assertTrue(line.startsWith("-" + inHdfs.getPermission()) && line.contains(" " + content.length + " "),
                "long listing line: " + ls.describe());
    }

    @Test
    void renameMovesTheFileInHdfs() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/mv/to")).ok());
        byte[] content = HdfsSite.randomBytes(1000, 2);
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/mv/from.dat"), content);
        ClientRun mv = alice.gfal("gfal-rename", site.surl("/alice/mv/from.dat"), site.surl("/alice/mv/to/moved.dat"));
        assertTrue(mv.ok(), mv.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/mv/from.dat")), "old name gone");
        assertEquals(HdfsSite.adler32(content), HdfsSite.adler32(readAll(site.hdfs("/alice/mv/to/moved.dat"))),
                "same content under the new name");
    }

    /**
     * Issue 22 point 11 on HDFS: gfal2 sends srmSetPermission with CHANGE, the owner's and others' modes and never a
     * group permission, so the group takes other's bits: {@code gfal-chmod 700} of a 770 file leaves 700.
     */
    @Test
    void gfalChmod700OfA770FileLeaves700InHdfs() throws Exception {
        Path file = site.hdfs("/alice/perm.dat");
        site.write(HdfsSite.ALICE_ACCOUNT, file, HdfsSite.randomBytes(10, 3));
        site.superuser().setPermission(file, new FsPermission((short) 0770));
        for (int mode : new int[] {0700, 0755, 0644, 0700}) {
            ClientRun chmod = alice.gfal("gfal-chmod", String.format("0%o", mode), site.surl("/alice/perm.dat"));
            assertTrue(chmod.ok(), chmod.describe());
            assertEquals(mode, site.superuser().getFileStatus(file).getPermission().toShort(),
                    String.format("gfal-chmod %o", mode));
        }
    }

    /** Issue 22 point 4 on HDFS: a file moved onto an existing directory goes into it (gfal-rename, srmMv). */
    @Test
    void srmMvOntoAnExistingDirectoryMovesIntoItInHdfs() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/into/dest/sub")).ok());
        byte[] content = HdfsSite.randomBytes(1000, 6);
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/into/f.dat"), content);
        ClientRun mv = alice.gfal("gfal-rename", site.surl("/alice/into/f.dat"), site.surl("/alice/into/dest"));
        assertTrue(mv.ok(), mv.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/into/f.dat")), "old name gone");
        assertEquals(HdfsSite.adler32(content), HdfsSite.adler32(readAll(site.hdfs("/alice/into/dest/f.dat"))),
                "the file went into the directory");
        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/into/d2")).ok());
        ClientRun dir = alice.gfal("gfal-rename", site.surl("/alice/into/d2"), site.surl("/alice/into/dest"));
        assertTrue(dir.ok(), dir.describe());
        assertTrue(site.superuser().getFileStatus(site.hdfs("/alice/into/dest/d2")).isDirectory(),
                "a directory goes into it too");
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/into/f.dat"), HdfsSite.randomBytes(10, 7));
        ClientRun taken = alice.gfal("gfal-rename", site.surl("/alice/into/f.dat"), site.surl("/alice/into/dest"));
        assertEquals(17, taken.exitCode(), "a name taken inside is EEXIST (SRM_DUPLICATION_ERROR): "
                + taken.describe());
        assertEquals(HdfsSite.adler32(content), HdfsSite.adler32(readAll(site.hdfs("/alice/into/dest/f.dat"))),
                "and is not replaced");
    }

    @Test
    void rmRemovesAFileAndRefusesADirectory() throws Exception {
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/gone.dat"), HdfsSite.randomBytes(10, 4));
        ClientRun rm = alice.gfal("gfal-rm", site.surl("/alice/gone.dat"));
        assertTrue(rm.ok(), rm.describe());
        assertTrue(rm.stdout().contains("DELETED"), rm.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/gone.dat")));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/adir")).ok());
        ClientRun rmDir = alice.gfal("gfal-rm", site.surl("/alice/adir"));
        assertEquals(21, rmDir.exitCode(), "EISDIR without -r: " + rmDir.describe());
        assertTrue(site.superuser().getFileStatus(site.hdfs("/alice/adir")).isDirectory());
    }

    @Test
    void rmdirRemovesOnlyEmptyDirectoriesAndRecursiveRmRemovesATree() throws Exception {
        assertTrue(alice.gfal("gfal-mkdir", "-p", site.surl("/alice/tree/sub")).ok());
        site.write(HdfsSite.ALICE_ACCOUNT, site.hdfs("/alice/tree/sub/leaf.dat"), HdfsSite.randomBytes(10, 5));
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
        assertTrue(site.superuser().exists(site.hdfs("/alice/tree/sub/leaf.dat")));

        assertTrue(alice.gfal("gfal-mkdir", site.surl("/alice/tree/empty")).ok());
        ClientRun empty = alice.gfalPython(rmdir, site.surl("/alice/tree/empty"));
        assertEquals("removed", empty.stdout().trim(), empty.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/tree/empty")));

        ClientRun rmr = alice.gfal("gfal-rm", "-r", site.surl("/alice/tree"));
        assertTrue(rmr.ok(), rmr.describe());
        assertFalse(site.superuser().exists(site.hdfs("/alice/tree")));
    }

    @Test
    void aMissingPathIsNoSuchFileOrDirectory() throws Exception {
        assertNull(site.statusOrNull(site.hdfs("/alice/does-not-exist")));
        for (String tool : List.of("gfal-ls", "gfal-stat")) {
            ClientRun r = alice.gfal(tool, site.surl("/alice/does-not-exist"));
            assertEquals(2, r.exitCode(), tool + ": " + r.describe());
            assertTrue(r.stderr().contains("No such file or directory"), tool + ": " + r.describe());
        }
        ClientRun rm = alice.gfal("gfal-rm", site.surl("/alice/does-not-exist"));
        assertEquals(2, rm.exitCode(), rm.describe());
        assertTrue(rm.stdout().contains("MISSING"), "gfal-rm reports a missing file on stdout: " + rm.describe());
    }

    /** Bob's directory is 0700 in HDFS: the NameNode refuses Alice's account, and gfal2 reports EACCES. */
    @Test
    void anotherAccountsPrivateDirectoryIsPermissionDenied() throws Exception {
        site.write(HdfsSite.BOB_ACCOUNT, site.hdfs("/bob/secret.dat"), HdfsSite.randomBytes(10, 6));
        assertEquals(0700, site.superuser().getFileStatus(site.hdfs("/bob")).getPermission().toShort());

        ClientRun ls = alice.gfal("gfal-ls", site.surl("/bob"));
        assertEquals(13, ls.exitCode(), "EACCES: " + ls.describe());
        assertTrue(ls.stderr().contains("Permission denied"), ls.describe());
        assertFalse(ls.stdout().contains("secret.dat"), ls.describe());

        ClientRun st = alice.gfal("gfal-stat", site.surl("/bob/secret.dat"));
        assertEquals(13, st.exitCode(), "EACCES: " + st.describe());

        ClientRun mk = alice.gfal("gfal-mkdir", site.surl("/bob/intruder"));
        assertEquals(13, mk.exitCode(), "EACCES: " + mk.describe());
        assertFalse(site.superuser().exists(site.hdfs("/bob/intruder")));

        ClientRun rm = alice.gfal("gfal-rm", site.surl("/bob/secret.dat"));
        assertEquals(13, rm.exitCode(), "EACCES: " + rm.describe());
        assertTrue(site.superuser().exists(site.hdfs("/bob/secret.dat")), "Bob's file is still there");

        ClientRun bobLs = site.clients(site.bob()).gfal("gfal-ls", site.surl("/bob"));
        assertTrue(bobLs.ok(), bobLs.describe());
        assertEquals(List.of("secret.dat"), results(bobLs), bobLs.describe());
    }

    private static byte[] readAll(Path p) throws Exception {
        try (var in = site.superuser().open(p)) {
            return in.readAllBytes();
        }
    }

    /** Result lines of a gfal tool's stdout (log lines left out), trimmed, blank ones dropped. */
    static List<String> results(ClientRun run) {
        return run.stdout().lines().filter(l -> !LOG_LINE.matcher(l).matches()).map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
    }
}

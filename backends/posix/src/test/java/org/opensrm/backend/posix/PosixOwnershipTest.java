package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;

/** What the backend creates belongs, on disk, to the acting account. */
class PosixOwnershipTest extends PosixTestBase {

    @Test
    void mkdirIsOwnedByTheAccountOnDisk() throws Exception {
        backend.mkdir(ALICE, p("/a"));
        backend.mkdir(BOB, p("/b"));
        assertEquals(ALICE.uid(), intAttr(disk("/a"), "uid"));
        assertEquals(ALICE.gid(), intAttr(disk("/a"), "gid"));
        assertEquals(BOB.uid(), intAttr(disk("/b"), "uid"));
        assertEquals(BOB.gid(), intAttr(disk("/b"), "gid"));
    }

    @Test
    void mkdirHasTheConfiguredModeWhateverTheUmask() throws Exception {
        backend.mkdir(ALICE, p("/a"));
        assertEquals(0775, intAttr(disk("/a"), "mode") & 07777);
    }

    @Test
    void configuredDirectoryMode() throws Exception {
        try (PosixFixture f = new PosixFixture(b -> b.directoryMode(PosixMode.ofOctal(0750)));
                PosixBackend b = (PosixBackend) f.backend()) {
            b.mkdir(BOB, p("/x"));
            assertEquals(0750, intAttr(f.root().resolve("x"), "mode") & 07777);
        }
    }

    @Test
    void setgidParentPassesItsGroupOn() throws Exception {
        backend.mkdir(ALICE, p("/project"));
        Path project = disk("/project");
        Files.setAttribute(project, "unix:gid", TestAccounts.SHARED_GID);
        Files.setAttribute(project, "unix:mode", 02775);
        backend.setMode(ALICE, p("/project"), PosixMode.ofOctal(0777));
        assertEquals(02777, intAttr(project, "mode") & 07777, "setMode keeps the setgid bit");
        backend.mkdir(BOB, p("/project/sub"));
        Path sub = disk("/project/sub");
        assertEquals(BOB.uid(), intAttr(sub, "uid"));
        assertEquals(TestAccounts.SHARED_GID, intAttr(sub, "gid"), "group inherited from the setgid parent");
        assertEquals(02775, intAttr(sub, "mode") & 07777);
    }

    @Test
    void checksumAndRenameLeaveOwnershipAlone() throws Exception {
        write(BOB, "/f", "bob's");
        backend.checksum(ALICE, p("/f"), "adler32");
        backend.rename(ALICE, p("/f"), p("/g"), false);
        assertEquals(BOB.uid(), intAttr(disk("/g"), "uid"));
        assertEquals(BOB.gid(), intAttr(disk("/g"), "gid"));
    }

    @Test
    void ownerAndGroupNamesComeFromTheSystem() throws Exception {
        backend.mkdir(ALICE, p("/a"));
        Files.setAttribute(disk("/a"), "unix:gid", TestAccounts.SHARED_GID);
        assertEquals("srmuser1", backend.stat(BOB, p("/a")).ownerName());
        assertEquals(TestAccounts.SHARED_GROUP, backend.stat(BOB, p("/a")).groupName());
        write(ALICE, "/n", "numeric");
        int uid = TestAccounts.unused("passwd");
        int gid = TestAccounts.unused("group");
        Files.setAttribute(disk("/n"), "unix:uid", uid);
        Files.setAttribute(disk("/n"), "unix:gid", gid);
        assertEquals(Integer.toString(uid), backend.stat(BOB, p("/n")).ownerName());
        assertEquals(Integer.toString(gid), backend.stat(BOB, p("/n")).groupName());
    }
}

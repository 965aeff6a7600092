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

    @Test
    void adoptGivesADoorsFileInTheAccountsOwnDirectoryToTheAccount() throws Exception {
        backend.mkdir(ALICE, p("/mine"));
        write(BOB, "/mine/door-wrote", "as the door");
        Files.setAttribute(disk("/mine/door-wrote"), "unix:mode", 0640);
        backend.adopt(ALICE, p("/mine/door-wrote"));
        assertEquals(ALICE.uid(), intAttr(disk("/mine/door-wrote"), "uid"));
        assertEquals(ALICE.gid(), intAttr(disk("/mine/door-wrote"), "gid"));
        assertEquals(0640, intAttr(disk("/mine/door-wrote"), "mode") & 07777, "the mode stays");
    }

    @Test
    void adoptRefusesOutsideTheAccountsOwnDirectoriesAndDirectories() throws Exception {
        backend.mkdir(BOB, p("/bobs"));
        write(BOB, "/bobs/f", "bob's");
        org.opensrm.common.SrmException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.opensrm.common.SrmException.class, () -> backend.adopt(ALICE, p("/bobs/f")));
        assertEquals(org.opensrm.common.SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals(BOB.uid(), intAttr(disk("/bobs/f"), "uid"));
        backend.mkdir(ALICE, p("/mine"));
        backend.mkdir(ALICE, p("/mine/d"));
        assertEquals(org.opensrm.common.SrmStatus.SRM_INVALID_REQUEST, org.junit.jupiter.api.Assertions.assertThrows(
                org.opensrm.common.SrmException.class, () -> backend.adopt(ALICE, p("/mine/d"))).status());
    }
}

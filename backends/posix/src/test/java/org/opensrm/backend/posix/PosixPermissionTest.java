package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.AccessRights;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmStatus;

/** Access decisions the contract suites cannot express: groups, the sticky bit, uid 0. */
class PosixPermissionTest extends PosixTestBase {

    private void sharedGroupDirectory(String path, int mode) throws Exception {
        backend.mkdir(ALICE, p(path));
        Files.setAttribute(disk(path), "unix:gid", TestAccounts.SHARED_GID);
        backend.setMode(ALICE, p(path), PosixMode.ofOctal(mode));
    }

    @Test
    void supplementaryGroupGrantsTheGroupBits() throws Exception {
        sharedGroupDirectory("/team", 0770);
        backend.mkdir(BOB, p("/team/bobs"));
        assertTrue(Files.isDirectory(disk("/team/bobs")));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.mkdir(CAROL, p("/team/carols")));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.list(CAROL, p("/team")));
        assertEquals(new AccessRights(true, true, true), backend.access(BOB, p("/team")));
        assertEquals(AccessRights.NONE, backend.access(CAROL, p("/team")));
    }

    @Test
    void groupBitsApplyEvenWhenOtherBitsAreWider() throws Exception {
        write(ALICE, "/f", "x");
        Files.setAttribute(disk("/f"), "unix:gid", TestAccounts.SHARED_GID);
        backend.setMode(ALICE, p("/f"), PosixMode.ofOctal(0606));
        assertEquals(AccessRights.NONE, backend.access(BOB, p("/f")), "member of the group gets the group bits");
        assertEquals(new AccessRights(true, true, false), backend.access(CAROL, p("/f")));
    }

    @Test
    void stickyDirectoryProtectsOthersEntries() throws Exception {
        Files.createDirectory(disk("/tmp"));
        Files.setAttribute(disk("/tmp"), "unix:mode", 01777);
        write(ALICE, "/tmp/alices", "a");
        write(BOB, "/tmp/bobs", "b");
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.delete(BOB, p("/tmp/alices")));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> backend.rename(BOB, p("/tmp/alices"), p("/tmp/mine"), false));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> backend.rename(BOB, p("/tmp/bobs"), p("/tmp/alices"), true));
        assertTrue(Files.exists(disk("/tmp/alices")));
        backend.delete(ALICE, p("/tmp/alices"));
        backend.delete(ROOT, p("/tmp/bobs"));
        assertFalse(Files.exists(disk("/tmp/bobs")));
    }

    @Test
    void uidZeroMayDoAnything() throws Exception {
        backend.mkdir(ALICE, p("/private"));
        write(ALICE, "/private/f", "secret");
        backend.setMode(ALICE, p("/private/f"), PosixMode.ofOctal(0000));
        backend.setMode(ALICE, p("/private"), PosixMode.ofOctal(0000));
        assertEquals(1, backend.list(ROOT, p("/private")).size());
        assertEquals(new AccessRights(true, true, false), backend.access(ROOT, p("/private/f")));
        backend.checksum(ROOT, p("/private/f"), "adler32");
        backend.setMode(ROOT, p("/private/f"), PosixMode.ofOctal(0644));
        backend.rmdir(ROOT, p("/private"), true);
        assertFalse(Files.exists(disk("/private")));
    }

    @Test
    void movingADirectoryToAnotherParentNeedsWriteOnIt() throws Exception {
        backend.mkdir(ALICE, p("/open"));
        backend.setMode(ALICE, p("/open"), PosixMode.ofOctal(0777));
        backend.mkdir(ALICE, p("/open/alices"));
        backend.setMode(ALICE, p("/open/alices"), PosixMode.ofOctal(0755));
        backend.mkdir(BOB, p("/bobs"));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> backend.rename(BOB, p("/open/alices"), p("/bobs/taken"), false));
        backend.rename(BOB, p("/open/alices"), p("/open/renamed"), false);
        assertTrue(Files.isDirectory(disk("/open/renamed")), "renaming within the same parent needs no more");
    }

    @Test
    void ownerWithoutSearchOnTheirOwnDirectoryIsStopped() throws Exception {
        backend.mkdir(ALICE, p("/d"));
        write(ALICE, "/d/f", "x");
        backend.setMode(ALICE, p("/d"), PosixMode.ofOctal(0677));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.stat(ALICE, p("/d/f")));
        assertEquals(1, backend.stat(BOB, p("/d/f")).size(), "others still have search through the other bits");
    }
}

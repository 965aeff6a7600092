package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** {@code mkdir}: one directory, parent must exist. */
public abstract class MkdirContract extends BackendContract {

    @Test
    void createsADirectory() throws Exception {
        mkdir(alice, "/d");
        assertTrue(stat(alice, "/d").isDirectory());
        assertEquals(0, backend.list(alice, p("/d")).size());
    }

    @Test
    void createsNested() throws Exception {
        mkdir(alice, "/a");
        mkdir(alice, "/a/b");
        mkdir(alice, "/a/b/c");
        assertTrue(stat(bob, "/a/b/c").isDirectory());
    }

    @Test
    void missingParentIsInvalidPath() throws Exception {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> mkdir(alice, "/no/such"));
        assertFalse(exists("/no"), "no parent created on the way");
    }

    @Test
    void fileAsParentIsInvalidPath() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> mkdir(alice, "/f/sub"));
    }

    @Test
    void existingDirectoryIsDuplication() throws Exception {
        mkdir(alice, "/d");
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> mkdir(alice, "/d"));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> mkdir(bob, "/d"));
    }

    @Test
    void existingFileIsDuplication() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> mkdir(alice, "/f"));
        assertTrue(stat(alice, "/f").isFile(), "the file is untouched");
    }

    @Test
    void rootIsDuplication() {
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.mkdir(alice, SrmPath.ROOT));
    }

    @Test
    void inAnotherAccountsDirectoryWithoutWritePermission() throws Exception {
        mkdir(alice, "/home", 0755);
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> mkdir(bob, "/home/intruder"));
            assertFalse(exists("/home/intruder"));
        } else {
            mkdir(bob, "/home/intruder");
            assertTrue(exists("/home/intruder"));
        }
    }

    @Test
    void inAnotherAccountsOpenDirectory() throws Exception {
        mkdir(alice, "/shared", 0777);
        mkdir(bob, "/shared/bobs");
        assertTrue(stat(alice, "/shared/bobs").isDirectory());
    }

    @Test
    void belowAPrivateDirectory() throws Exception {
        mkdir(alice, "/private", 0700);
        mkdir(alice, "/private/open", 0777);
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> mkdir(bob, "/private/open/x"));
        } else {
            mkdir(bob, "/private/open/x");
        }
    }

    @Test
    void ownerCanWorkInANewDirectory() throws Exception {
        mkdir(bob, "/bobs");
        mkdir(bob, "/bobs/sub");
        backend.setMode(bob, p("/bobs"), PosixMode.ofOctal(0700));
        mkdir(bob, "/bobs/sub2");
        assertEquals(2, backend.list(bob, p("/bobs")).size());
    }
}

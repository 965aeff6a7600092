package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** {@code rmdir}: removes a directory, non-recursively only when it is empty. */
public abstract class RmdirContract extends BackendContract {

    @Test
    void removesEmptyDirectory() throws Exception {
        mkdir(alice, "/d");
        backend.rmdir(alice, p("/d"), false);
        assertFalse(exists("/d"));
    }

    @Test
    void nonEmptyIsRefusedAndKept() throws Exception {
        mkdir(alice, "/d");
        write(alice, "/d/f", bytes("x"));
        assertStatus(SrmStatus.SRM_NON_EMPTY_DIRECTORY, () -> backend.rmdir(alice, p("/d"), false));
        assertTrue(exists("/d/f"));
    }

    @Test
    void nonEmptyWithOnlyASubdirectoryIsRefused() throws Exception {
        mkdir(alice, "/d");
        mkdir(alice, "/d/e");
        assertStatus(SrmStatus.SRM_NON_EMPTY_DIRECTORY, () -> backend.rmdir(alice, p("/d"), false));
    }

    @Test
    void recursiveRemovesTheTree() throws Exception {
        mkdir(alice, "/t");
        mkdir(alice, "/t/a");
        mkdir(alice, "/t/a/b");
        write(alice, "/t/f1", bytes("1"));
        write(alice, "/t/a/f2", bytes("2"));
        write(alice, "/t/a/b/f3", bytes("3"));
        backend.rmdir(alice, p("/t"), true);
        assertFalse(exists("/t"));
    }

    @Test
    void recursiveOnEmptyDirectory() throws Exception {
        mkdir(alice, "/e");
        backend.rmdir(alice, p("/e"), true);
        assertFalse(exists("/e"));
    }

    @Test
    void onAFileIsInvalidRequest() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> backend.rmdir(alice, p("/f"), false));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> backend.rmdir(alice, p("/f"), true));
        assertTrue(exists("/f"));
    }

    @Test
    void missingIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rmdir(alice, p("/none"), false));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rmdir(alice, p("/none/deeper"), true));
    }

    @Test
    void rootIsNeverRemoved() throws Exception {
        assertStatusIn(Set.of(SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_AUTHORIZATION_FAILURE),
                () -> backend.rmdir(alice, SrmPath.ROOT, true));
        assertTrue(stat(alice, "/").isDirectory());
    }

    @Test
    void inAnotherAccountsDirectory() throws Exception {
        mkdir(alice, "/home", 0755);
        mkdir(alice, "/home/sub");
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.rmdir(bob, p("/home/sub"), false));
            assertTrue(exists("/home/sub"));
        } else {
            backend.rmdir(bob, p("/home/sub"), false);
            assertFalse(exists("/home/sub"));
        }
    }

    @Test
    void recursiveStopsAtWhatTheAccountMayNotRemove() throws Exception {
        mkdir(alice, "/t", 0777);
        mkdir(bob, "/t/bobs", 0755);
        write(bob, "/t/bobs/keep", bytes("k"));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.rmdir(alice, p("/t"), true));
            assertTrue(exists("/t/bobs/keep"), "bob's file survives");
        } else {
            backend.rmdir(alice, p("/t"), true);
            assertFalse(exists("/t"));
        }
    }
}

package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;

/** {@code delete}: removes a file, never a directory. */
public abstract class DeleteContract extends BackendContract {

    @Test
    void removesAFile() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.delete(alice, p("/f"));
        assertFalse(exists("/f"));
    }

    @Test
    void removesTheStoredChecksumWithTheFile() throws Exception {
        write(alice, "/f", bytes("first"));
        backend.checksum(alice, p("/f"), "adler32");
        backend.delete(alice, p("/f"));
        write(alice, "/f", bytes("second"));
        assertTrue(stat(alice, "/f").adler32().isEmpty());
    }

    @Test
    void directoryIsInvalidRequest() throws Exception {
        mkdir(alice, "/d");
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> backend.delete(alice, p("/d")));
        assertTrue(exists("/d"));
    }

    @Test
    void missingIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.delete(alice, p("/none")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.delete(alice, p("/none/f")));
    }

    @Test
    void inAnotherAccountsDirectory() throws Exception {
        mkdir(alice, "/home", 0755);
        write(alice, "/home/f", bytes("x"));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.delete(bob, p("/home/f")));
            assertTrue(exists("/home/f"));
        } else {
            backend.delete(bob, p("/home/f"));
            assertFalse(exists("/home/f"));
        }
    }

    @Test
    void belowAPrivateDirectory() throws Exception {
        mkdir(alice, "/private", 0700);
        write(alice, "/private/f", bytes("x"));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.delete(bob, p("/private/f")));
        } else {
            backend.delete(bob, p("/private/f"));
        }
    }

    @Test
    void othersFileInOwnOpenDirectory() throws Exception {
        mkdir(alice, "/open", 0777);
        write(bob, "/open/bobs", bytes("x"));
        backend.delete(alice, p("/open/bobs"));
        assertFalse(exists("/open/bobs"));
    }
}

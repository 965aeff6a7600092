package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmStatus;

/** {@code setMode}: permission bits, changed only by the owner. */
public abstract class SetModeContract extends BackendContract {

    @Test
    void ownerSetsFileMode() throws Exception {
        write(alice, "/f", bytes("x"));
        for (int m : new int[] {0600, 0644, 0640, 0400, 0755, 0000, 0777}) {
            backend.setMode(alice, p("/f"), PosixMode.ofOctal(m));
            assertEquals(PosixMode.ofOctal(m), stat(alice, "/f").mode());
        }
    }

    @Test
    void ownerSetsDirectoryMode() throws Exception {
        mkdir(alice, "/d");
        backend.setMode(alice, p("/d"), PosixMode.ofOctal(0750));
        assertEquals(PosixMode.ofOctal(0750), stat(alice, "/d").mode());
    }

    @Test
    void ownerMayLockThemselvesOutAndBackIn() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0000));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0600));
        assertEquals(PosixMode.ofOctal(0600), stat(alice, "/f").mode());
    }

    @Test
    void nonOwnerIsRefused() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0666));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    () -> backend.setMode(bob, p("/f"), PosixMode.ofOctal(0777)));
            assertEquals(PosixMode.ofOctal(0666), stat(alice, "/f").mode());
        } else {
            backend.setMode(bob, p("/f"), PosixMode.ofOctal(0777));
        }
    }

    @Test
    void missingIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.setMode(alice, p("/none"), PosixMode.ofOctal(0644)));
    }

    @Test
    void belowAPrivateDirectory() throws Exception {
        mkdir(bob, "/bobs");
        mkdir(bob, "/bobs/mine");
        write(alice, "/afile", bytes("x"));
        backend.setMode(bob, p("/bobs"), PosixMode.ofOctal(0700));
        backend.setMode(bob, p("/bobs/mine"), PosixMode.ofOctal(0777));
        assertEquals(PosixMode.ofOctal(0777), stat(bob, "/bobs/mine").mode());
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    () -> backend.setMode(alice, p("/bobs/mine"), PosixMode.ofOctal(0700)));
        }
    }
}

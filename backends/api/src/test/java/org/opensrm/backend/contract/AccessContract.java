package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.AccessRights;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.Account;
import org.opensrm.common.SrmStatus;

/**
 * {@code access}: what an account may do with an entry, the way the storage would decide. An entry the account
 * cannot reach (no search permission on an ancestor) gives {@code SRM_AUTHORIZATION_FAILURE}.
 */
public abstract class AccessContract extends BackendContract {
    private static final AccessRights RWX = new AccessRights(true, true, true);

    /** Without permission enforcement, the backend must report that nothing is restricted. */
    private void assertAccess(AccessRights declared, String path, Account as) throws Exception {
        AccessRights got = backend.access(as, p(path));
        assertEquals(caps().enforcesPermissions() ? declared : RWX, got, "access of " + as + " to " + path);
    }

    @Test
    void ownerBitsForOwner() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0640));
        assertAccess(new AccessRights(true, true, false), "/f", alice);
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0500));
        assertAccess(new AccessRights(true, false, true), "/f", alice);
    }

    @Test
    void otherBitsForOthers() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0644));
        assertAccess(new AccessRights(true, false, false), "/f", bob);
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0600));
        assertAccess(AccessRights.NONE, "/f", bob);
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0607));
        assertAccess(new AccessRights(true, true, true), "/f", bob);
    }

    @Test
    void ownerBitsWinOverOtherBits() throws Exception {
        write(alice, "/f", bytes("x"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0077));
        assertAccess(AccessRights.NONE, "/f", alice);
    }

    @Test
    void directoryBits() throws Exception {
        mkdir(alice, "/d");
        backend.setMode(alice, p("/d"), PosixMode.ofOctal(0751));
        assertAccess(new AccessRights(true, true, true), "/d", alice);
        assertAccess(new AccessRights(false, false, true), "/d", bob);
    }

    @Test
    void missingIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.access(alice, p("/none")));
    }

    @Test
    void unreachableEntry() throws Exception {
        mkdir(alice, "/private", 0700);
        write(alice, "/private/f", bytes("x"));
        backend.setMode(alice, p("/private/f"), PosixMode.ofOctal(0666));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.access(bob, p("/private/f")));
        } else {
            assertEquals(RWX, backend.access(bob, p("/private/f")));
        }
        assertAccess(new AccessRights(true, true, false), "/private/f", alice);
    }
}

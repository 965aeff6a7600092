package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmStatus;

/**
 * {@code createDropBox}: a directory every account may create its own entries in, none may list, and (sticky)
 * none may remove or rename another's entry from.
 */
public abstract class DropBoxContract extends BackendContract {

    @Test
    void everyAccountMayCreateItsOwnEntry() throws Exception {
        backend.createDropBox(p("/box"));
        mkdir(alice, "/box/alice", 0700);
        mkdir(bob, "/box/bob", 0700);
        assertEquals(alice.name(), stat(alice, "/box/alice").ownerName());
        write(alice, "/box/alice/upload", bytes("data"));
        assertEquals(4, stat(alice, "/box/alice/upload").size());
    }

    @Test
    void noAccountMayListIt() throws Exception {
        backend.createDropBox(p("/box"));
        mkdir(alice, "/box/alice", 0700);
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.list(bob, p("/box")));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.list(alice, p("/box")));
        assertEquals(new PosixMode(7, 3, 3), stat(alice, "/box").mode());
    }

    @Test
    void noAccountMayRemoveOrRenameAnothersEntry() throws Exception {
        backend.createDropBox(p("/box"));
        mkdir(alice, "/box/alice");
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.rmdir(bob, p("/box/alice"), false));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> backend.rename(bob, p("/box/alice"), p("/box/mine"), false));
        assertTrue(stat(alice, "/box/alice").isDirectory());
        backend.rmdir(alice, p("/box/alice"), false);
    }

    @Test
    void anExistingDirectoryIsMadeADropBox() throws Exception {
        mkdir(alice, "/open", 0777);
        backend.createDropBox(p("/open"));
        backend.createDropBox(p("/open"));
        assertEquals(new PosixMode(7, 3, 3), stat(alice, "/open").mode());
    }

    @Test
    void aFileInTheWayIsDuplication() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.createDropBox(p("/f")));
    }
}

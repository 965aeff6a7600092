package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.PosixMode;

/**
 * Ownership: with {@code changesOwnership}, what {@code mkdir} creates belongs to the acting account; without
 * it, everything belongs to the one service identity, whoever asked.
 */
public abstract class OwnershipContract extends BackendContract {

    @Test
    void mkdirBelongsToTheActingAccount() throws Exception {
        mkdir(alice, "/a");
        mkdir(bob, "/b");
        FileStat a = stat(alice, "/a");
        FileStat b = stat(alice, "/b");
        if (caps().changesOwnership()) {
            assertEquals(alice.name(), a.ownerName());
            assertEquals(bob.name(), b.ownerName());
        } else {
            assertEquals(a.ownerName(), b.ownerName(), "one service identity owns everything");
        }
    }

    @Test
    void nestedDirectoriesInAnotherAccountsOpenDirectory() throws Exception {
        mkdir(alice, "/open", 0777);
        mkdir(bob, "/open/b1");
        mkdir(bob, "/open/b1/b2");
        String expected = caps().changesOwnership() ? bob.name() : stat(alice, "/open").ownerName();
        assertEquals(expected, stat(bob, "/open/b1").ownerName());
        assertEquals(expected, stat(bob, "/open/b1/b2").ownerName());
    }

    @Test
    void ownerOfNewDirectoryMayChangeItsMode() throws Exception {
        mkdir(bob, "/b");
        backend.setMode(bob, p("/b"), PosixMode.ofOctal(0700));
        assertEquals(PosixMode.ofOctal(0700), stat(bob, "/b").mode());
    }
}

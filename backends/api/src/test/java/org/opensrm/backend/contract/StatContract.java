package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** {@code stat}: metadata of one entry. */
public abstract class StatContract extends BackendContract {

    @Test
    void rootIsADirectory() throws Exception {
        FileStat s = backend.stat(alice, SrmPath.ROOT);
        assertEquals(FileType.DIRECTORY, s.type());
        assertTrue(s.isDirectory());
        assertEquals(SrmPath.ROOT, s.path());
    }

    @Test
    void aWrittenAndClosedFileIsNotOpenForWriting() throws Exception {
        write(alice, "/closed.dat", content(100, 2));
        assertFalse(backend.openForWriting(alice, p("/closed.dat")));
    }

    @Test
    void fileMetadata() throws Exception {
        Instant before = Instant.now().minusSeconds(5);
        write(alice, "/f.dat", content(1234, 1));
        FileStat s = stat(alice, "/f.dat");
        assertEquals(p("/f.dat"), s.path());
        assertEquals(FileType.FILE, s.type());
        assertTrue(s.isFile());
        assertEquals(1234, s.size());
        assertTrue(s.modified().isAfter(before), "modified " + s.modified());
        assertTrue(s.modified().isBefore(Instant.now().plusSeconds(5)), "modified " + s.modified());
        assertTrue(s.created() != null && !s.created().isAfter(Instant.now().plusSeconds(5)));
        assertTrue(s.adler32().isEmpty(), "no checksum is stored before one is asked for");
        assertFalse(s.ownerName().isEmpty());
        assertFalse(s.groupName().isEmpty());
    }

    @Test
    void fileWrittenByAccountIsOwnedByIt() throws Exception {
        write(bob, "/b.dat", bytes("bob"));
        assertEquals(bob.name(), stat(alice, "/b.dat").ownerName());
    }

    @Test
    void directoryMetadata() throws Exception {
        mkdir(alice, "/d");
        FileStat s = stat(bob, "/d");
        assertEquals(FileType.DIRECTORY, s.type());
        assertEquals(p("/d"), s.path());
        assertEquals(0, s.size(), "directories report size 0");
        assertTrue(Duration.between(s.modified(), Instant.now()).abs().toMinutes() < 1);
    }

    @Test
    void modeIsReported() throws Exception {
        write(alice, "/m", bytes("x"));
        backend.setMode(alice, p("/m"), PosixMode.ofOctal(0640));
        assertEquals(PosixMode.ofOctal(0640), stat(alice, "/m").mode());
    }

    @Test
    void nestedEntry() throws Exception {
        mkdir(alice, "/a");
        mkdir(alice, "/a/b");
        write(alice, "/a/b/c", bytes("abc"));
        assertEquals(3, stat(bob, "/a/b/c").size());
    }

    @Test
    void missingEntryIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> stat(alice, "/nope"));
    }

    @Test
    void missingParentIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> stat(alice, "/nope/deeper"));
    }

    @Test
    void fileAsDirectoryComponentIsInvalidPath() throws Exception {
        write(alice, "/plain", bytes("x"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> stat(alice, "/plain/child"));
    }

    @Test
    void entryBelowAnotherAccountsPrivateDirectory() throws Exception {
        mkdir(alice, "/private");
        write(alice, "/private/secret", bytes("s"));
        backend.setMode(alice, p("/private"), PosixMode.ofOctal(0700));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> stat(bob, "/private/secret"));
        } else {
            assertEquals(1, stat(bob, "/private/secret").size());
        }
        assertEquals(1, stat(alice, "/private/secret").size(), "the owner still sees it");
        assertTrue(stat(bob, "/private").isDirectory(), "the private directory itself is visible");
    }
}

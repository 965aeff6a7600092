package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** {@code rename}: atomic, never clobbering unless asked to replace. */
public abstract class RenameContract extends BackendContract {

    private void assertHolds(String path, byte[] expected) throws Exception {
        FileStat s = stat(alice, path);
        assertContent(expected, backend.checksum(alice, p(path), "adler32"), s.size());
    }

    @Test
    void renamesAFile() throws Exception {
        byte[] c = content(4000, 1);
        write(alice, "/a", c);
        backend.rename(alice, p("/a"), p("/b"), false);
        assertFalse(exists("/a"));
        assertHolds("/b", c);
    }

    @Test
    void renamesIntoAnotherDirectory() throws Exception {
        mkdir(alice, "/d1");
        mkdir(alice, "/d2");
        write(alice, "/d1/f", content(10, 2));
        backend.rename(alice, p("/d1/f"), p("/d2/g"), false);
        assertFalse(exists("/d1/f"));
        assertHolds("/d2/g", content(10, 2));
    }

    @Test
    void renamesADirectoryWithItsContent() throws Exception {
        mkdir(alice, "/d");
        write(alice, "/d/f", bytes("x"));
        backend.rename(alice, p("/d"), p("/e"), false);
        assertFalse(exists("/d"));
        assertTrue(stat(alice, "/e").isDirectory());
        assertHolds("/e/f", bytes("x"));
    }

    @Test
    void keepsTheOwner() throws Exception {
        mkdir(alice, "/open", 0777);
        write(bob, "/open/b", bytes("b"));
        backend.rename(alice, p("/open/b"), p("/open/c"), false);
        assertEquals(bob.name(), stat(alice, "/open/c").ownerName());
    }

    @Test
    void existingFileWithoutReplaceIsDuplicationAndNothingChanges() throws Exception {
        write(alice, "/a", content(100, 1));
        write(alice, "/b", content(200, 2));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.rename(alice, p("/a"), p("/b"), false));
        assertHolds("/a", content(100, 1));
        assertHolds("/b", content(200, 2));
    }

    @Test
    void existingDirectoryWithoutReplaceIsDuplication() throws Exception {
        mkdir(alice, "/d");
        mkdir(alice, "/e");
        write(alice, "/e/keep", bytes("k"));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.rename(alice, p("/d"), p("/e"), false));
        assertTrue(exists("/d"));
        assertTrue(exists("/e/keep"));
    }

    @Test
    void fileOntoDirectoryWithoutReplaceIsDuplication() throws Exception {
        write(alice, "/f", bytes("x"));
        mkdir(alice, "/d");
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.rename(alice, p("/f"), p("/d"), false));
        assertTrue(exists("/f"));
        assertTrue(stat(alice, "/d").isDirectory());
    }

    @Test
    void replaceReplacesAnExistingFile() throws Exception {
        write(alice, "/a", content(100, 1));
        write(alice, "/b", content(200, 2));
        backend.rename(alice, p("/a"), p("/b"), true);
        assertFalse(exists("/a"));
        assertHolds("/b", content(100, 1));
    }

    @Test
    void replaceCarriesTheSourcesChecksumNotTheTargets() throws Exception {
        write(alice, "/a", content(100, 1));
        write(alice, "/b", content(200, 2));
        backend.checksum(alice, p("/b"), "adler32");
        backend.rename(alice, p("/a"), p("/b"), true);
        FileStat s = stat(alice, "/b");
        assertTrue(s.adler32().isEmpty() || s.adler32().get().equals(adler32Hex(content(100, 1))),
                "a stored checksum after replace belongs to the new content: " + s.adler32());
    }

    @Test
    void replaceWithoutExistingTargetJustRenames() throws Exception {
        write(alice, "/a", bytes("a"));
        backend.rename(alice, p("/a"), p("/b"), true);
        assertFalse(exists("/a"));
        assertHolds("/b", bytes("a"));
    }

    @Test
    void missingSourceIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rename(alice, p("/none"), p("/x"), false));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rename(alice, p("/none"), p("/x"), true));
    }

    @Test
    void missingTargetParentIsInvalidPath() throws Exception {
        write(alice, "/a", bytes("a"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rename(alice, p("/a"), p("/no/b"), false));
        assertTrue(exists("/a"));
    }

    @Test
    void directoryIntoItsOwnSubtreeIsRefused() throws Exception {
        mkdir(alice, "/d");
        mkdir(alice, "/d/sub");
        assertStatusIn(Set.of(SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_INVALID_PATH),
                () -> backend.rename(alice, p("/d"), p("/d/sub/d"), false));
        assertTrue(exists("/d/sub"));
    }

    @Test
    void outOfAnotherAccountsDirectory() throws Exception {
        mkdir(alice, "/home", 0755);
        write(alice, "/home/f", bytes("x"));
        mkdir(bob, "/bobs");
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    () -> backend.rename(bob, p("/home/f"), p("/bobs/f"), false));
            assertTrue(exists("/home/f"));
            assertFalse(exists("/bobs/f"));
        } else {
            backend.rename(bob, p("/home/f"), p("/bobs/f"), false);
        }
    }

    @Test
    void intoAnotherAccountsDirectory() throws Exception {
        mkdir(alice, "/home", 0755);
        mkdir(bob, "/bobs");
        write(bob, "/bobs/f", bytes("x"));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    () -> backend.rename(bob, p("/bobs/f"), p("/home/f"), false));
            assertTrue(exists("/bobs/f"));
            assertFalse(exists("/home/f"));
        } else {
            backend.rename(bob, p("/bobs/f"), p("/home/f"), false);
        }
    }

    @Test
    void rootCannotBeRenamed() {
        assertStatusIn(Set.of(SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_INVALID_PATH,
                SrmStatus.SRM_AUTHORIZATION_FAILURE),
                () -> backend.rename(alice, SrmPath.ROOT, p("/x"), false));
    }
}

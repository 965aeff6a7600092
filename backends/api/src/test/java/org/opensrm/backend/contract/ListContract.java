package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** {@code list}: the entries of a directory, sorted by name, each with full metadata. */
public abstract class ListContract extends BackendContract {

    @Test
    void emptyRoot() throws Exception {
        assertEquals(List.of(), backend.list(alice, SrmPath.ROOT));
    }

    @Test
    void sortedAndComplete() throws Exception {
        mkdir(alice, "/d");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            names.add(String.format("e%03d-%s", i, Integer.toString(i * 7919 % 1000, 36)));
        }
        names.add("Zulu");
        names.add("alpha beta");
        names.add("_under");
        List<String> shuffled = new ArrayList<>(names);
        Collections.shuffle(shuffled, new Random(42));
        for (String n : shuffled) {
            write(alice, "/d/" + n, bytes(n));
        }
        List<FileStat> listing = backend.list(alice, p("/d"));
        List<String> got = listing.stream().map(s -> s.path().name()).toList();
        List<String> expected = new ArrayList<>(names);
        Collections.sort(expected);
        assertEquals(expected, got);
        for (FileStat s : listing) {
            assertEquals(p("/d/" + s.path().name()), s.path());
            assertEquals(bytes(s.path().name()).length, s.size());
            assertEquals(FileType.FILE, s.type());
        }
    }

    @Test
    void entriesCarryTheMetadataOfStat() throws Exception {
        mkdir(alice, "/d");
        mkdir(alice, "/d/sub");
        write(bob, "/d/bobs", content(77, 3));
        write(alice, "/d/alices", content(5, 4));
        backend.checksum(alice, p("/d/alices"), "adler32");
        List<FileStat> listing = backend.list(bob, p("/d"));
        assertEquals(3, listing.size());
        for (FileStat s : listing) {
            assertEquals(backend.stat(bob, s.path()), s, "list entry equals stat of " + s.path());
        }
        assertEquals(FileType.DIRECTORY, listing.get(2).type());
        assertEquals(adler32Hex(content(5, 4)), listing.get(0).adler32().orElseThrow());
        assertEquals(bob.name(), listing.get(1).ownerName());
    }

    @Test
    void listsOnlyOneLevel() throws Exception {
        mkdir(alice, "/a");
        mkdir(alice, "/a/b");
        write(alice, "/a/b/c", bytes("c"));
        assertEquals(List.of(p("/a/b")), backend.list(alice, p("/a")).stream().map(FileStat::path).toList());
    }

    @Test
    void missingDirectoryIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.list(alice, p("/none")));
    }

    @Test
    void listingAFileIsRefused() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatusIn(Set.of(SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_INVALID_REQUEST),
                () -> backend.list(alice, p("/f")));
    }

    @Test
    void anotherAccountsPrivateDirectory() throws Exception {
        mkdir(alice, "/private");
        write(alice, "/private/x", bytes("x"));
        backend.setMode(alice, p("/private"), PosixMode.ofOctal(0700));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.list(bob, p("/private")));
        } else {
            assertEquals(1, backend.list(bob, p("/private")).size());
        }
        assertEquals(1, backend.list(alice, p("/private")).size());
    }

    @Test
    void needsReadPermissionNotJustSearch() throws Exception {
        mkdir(alice, "/noread");
        write(alice, "/noread/x", bytes("x"));
        backend.setMode(alice, p("/noread"), PosixMode.ofOctal(0311));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.list(alice, p("/noread")));
            assertTrue(stat(bob, "/noread/x").isFile(), "search permission alone still reaches entries");
        } else {
            assertEquals(1, backend.list(alice, p("/noread")).size());
        }
    }
}

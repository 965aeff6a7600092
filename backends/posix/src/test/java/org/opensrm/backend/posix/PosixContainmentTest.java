package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/** Symbolic links on disk, planted behind the backend's back, never lead it out of its root. */
class PosixContainmentTest extends PosixTestBase {

    @Test
    void absoluteLinkToAFileOutside() throws Exception {
        Files.createSymbolicLink(disk("/passwd"), Path.of("/etc/passwd"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.stat(ALICE, p("/passwd")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.checksum(ALICE, p("/passwd"), "adler32"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.access(ALICE, p("/passwd")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.setMode(ROOT, p("/passwd"), PosixMode.ofOctal(0777)));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.delete(ROOT, p("/passwd")));
        assertEquals(0644, intAttr(Path.of("/etc/passwd"), "mode") & 0777, "/etc/passwd untouched");
    }

    @Test
    void relativeLinkUpAndOut() throws Exception {
        backend.mkdir(ALICE, p("/d"));
        Files.createSymbolicLink(disk("/d/up"), Path.of("../../outside"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.list(ALICE, p("/d/up")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.stat(ALICE, p("/d/up/x")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.mkdir(ROOT, p("/d/up/new")));
        assertFalse(Files.exists(fixture.outside().resolve("new")));
    }

    @Test
    void linkToTheRootsParent() throws Exception {
        Files.createSymbolicLink(disk("/parent"), fixture.root().getParent());
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.list(ROOT, p("/parent")));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rmdir(ROOT, p("/parent/outside"), true));
        assertTrue(Files.exists(fixture.outside().resolve("x")));
    }

    @Test
    void chainOfLinksThatEndsOutside() throws Exception {
        Files.createSymbolicLink(disk("/hop2"), fixture.outside());
        Files.createSymbolicLink(disk("/hop1"), disk("/hop2"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.checksum(ALICE, p("/hop1/x"), "adler32"));
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rename(ROOT, p("/hop1/x"), p("/stolen"), false));
        assertTrue(Files.exists(fixture.outside().resolve("x")));
    }

    @Test
    void renameOntoALinkedDirectoryOutsideIsRefused() throws Exception {
        Files.createSymbolicLink(disk("/out"), fixture.outside());
        write(ALICE, "/mine", "m");
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.rename(ALICE, p("/mine"), p("/out/mine"), true));
        assertFalse(Files.exists(fixture.outside().resolve("mine")));
    }

    @Test
    void linksInsideTheRootWork() throws Exception {
        backend.mkdir(ALICE, p("/real"));
        write(ALICE, "/real/f", "inside");
        Files.createSymbolicLink(disk("/alias"), Path.of("real"));
        FileStat link = backend.stat(ALICE, p("/alias"));
        assertEquals(FileType.LINK, link.type());
        List<FileStat> through = backend.list(ALICE, p("/alias"));
        assertEquals(List.of(p("/alias/f")), through.stream().map(FileStat::path).toList());
        assertEquals(6, backend.stat(ALICE, p("/alias/f")).size());
        backend.mkdir(ALICE, p("/alias/sub"));
        assertTrue(Files.isDirectory(disk("/real/sub")));
    }

    @Test
    void linkThroughAPrivateDirectoryNeedsSearchOnTheTargetPath() throws Exception {
        backend.mkdir(ALICE, p("/private"));
        write(ALICE, "/private/f", "secret");
        backend.setMode(ALICE, p("/private"), PosixMode.ofOctal(0700));
        Files.createSymbolicLink(disk("/shortcut"), disk("/private/f"));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.checksum(BOB, p("/shortcut"), "adler32"));
        assertEquals("08d10287", backend.checksum(ALICE, p("/shortcut"), "adler32"));
    }

    @Test
    void danglingLinkInsideIsALinkThatCanBeDeleted() throws Exception {
        Files.createSymbolicLink(disk("/dangling"), Path.of("nothing-here"));
        assertEquals(FileType.LINK, backend.stat(ALICE, p("/dangling")).type());
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.checksum(ALICE, p("/dangling"), "adler32"));
        backend.delete(ALICE, p("/dangling"));
        assertFalse(Files.exists(disk("/dangling"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void recursiveRmdirRemovesLinksWithoutFollowingThem() throws Exception {
        backend.mkdir(ALICE, p("/t"));
        Files.createSymbolicLink(disk("/t/out"), fixture.outside());
        PosixFixture.giveTo(ALICE, disk("/t/out"));
        backend.rmdir(ALICE, p("/t"), true);
        assertFalse(Files.exists(disk("/t")));
        assertTrue(Files.exists(fixture.outside().resolve("x")), "the link's target is left alone");
    }

    @Test
    void rootGivenAsALinkIsResolvedOnce() throws Exception {
        Path alias = fixture.root().resolveSibling("root-alias");
        Files.createSymbolicLink(alias, fixture.root());
        try (PosixBackend viaAlias = new PosixBackend(PosixBackendConfig.builder(alias).build())) {
            viaAlias.mkdir(ALICE, p("/made"));
            assertTrue(Files.isDirectory(disk("/made")));
            assertEquals(SrmPath.ROOT, viaAlias.stat(ALICE, SrmPath.ROOT).path());
        } finally {
            Files.delete(alias);
        }
    }
}

package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.FileType;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmStatus;

/**
 * Nothing outside the root is reachable. Where the backend declares {@code symlinks}, the fixture must be able
 * to plant links (inside and out of the root); every operation through a link out of the root is refused with
 * {@code SRM_INVALID_PATH}, and a link inside the root is reported as {@code LINK}.
 */
public abstract class ContainmentContract extends BackendContract {

    @Test
    void fixtureCanPlantLinksExactlyWhenTheBackendDeclaresThem() throws Exception {
        mkdir(alice, "/d");
        assertEquals(caps().symlinks(), fixture.makeSymlinkOutOfRoot(p("/d/out")),
                "makeSymlinkOutOfRoot must succeed exactly when capabilities().symlinks()");
    }

    @Test
    void everyOperationThroughALinkOutOfTheRootIsInvalidPath() throws Exception {
        mkdir(alice, "/d", 0777);
        if (!fixture.makeSymlinkOutOfRoot(p("/d/out"))) {
            assertFalse(caps().symlinks(), "a backend with symlinks needs a fixture that can plant them");
            assertStatus(SrmStatus.SRM_INVALID_PATH, () -> stat(alice, "/d/out"));
            return;
        }
        SrmStatus refused = SrmStatus.SRM_INVALID_PATH;
        assertStatus(refused, () -> stat(alice, "/d/out/x"));
        assertStatus(refused, () -> backend.list(alice, p("/d/out")));
        assertStatus(refused, () -> mkdir(alice, "/d/out/newdir"));
        assertStatus(refused, () -> backend.rmdir(alice, p("/d/out"), true));
        assertStatus(refused, () -> backend.delete(alice, p("/d/out/x")));
        assertStatus(refused, () -> backend.checksum(alice, p("/d/out"), "adler32"));
        assertStatus(refused, () -> backend.checksum(alice, p("/d/out/x"), "adler32"));
        assertStatus(refused, () -> backend.setMode(alice, p("/d/out"), PosixMode.ofOctal(0777)));
        assertStatus(refused, () -> backend.setMode(alice, p("/d/out/x"), PosixMode.ofOctal(0777)));
        assertStatus(refused, () -> backend.access(alice, p("/d/out/x")));
        assertStatus(refused, () -> backend.rename(alice, p("/d/out/x"), p("/d/y"), false));
        write(alice, "/d/mine", bytes("m"));
        assertStatus(refused, () -> backend.rename(alice, p("/d/mine"), p("/d/out/mine"), false));
        assertStatus(refused, () -> backend.rename(alice, p("/d/mine"), p("/d/out/mine"), true));
        assertTrue(exists("/d/mine"), "a refused rename moves nothing");
    }

    @Test
    void aLinkOutOfTheRootIsNotFollowedInAListing() throws Exception {
        mkdir(alice, "/d");
        write(alice, "/d/a", bytes("a"));
        boolean planted = fixture.makeSymlinkOutOfRoot(p("/d/b"));
        assertEquals(caps().symlinks(), planted);
        List<FileStat> listing = backend.list(alice, p("/d"));
        if (planted) {
            assertEquals(2, listing.size(), "the link is listed, not followed");
            assertEquals(FileType.LINK, listing.get(1).type());
        } else {
            assertEquals(1, listing.size());
        }
    }

    @Test
    void aLinkInsideTheRootIsALink() throws Exception {
        mkdir(alice, "/d");
        write(alice, "/d/target", bytes("t"));
        boolean planted = fixture.makeSymlink(alice, p("/d/link"), p("/d/target"));
        assertEquals(caps().symlinks(), planted, "makeSymlink must succeed exactly when capabilities().symlinks()");
        if (planted) {
            assertEquals(FileType.LINK, stat(alice, "/d/link").type());
            assertEquals(adler32Hex(bytes("t")), backend.checksum(alice, p("/d/link"), "adler32"),
                    "a link inside the root reads its target");
        }
    }

    @Test
    void oddButLegalNamesStayInside() throws Exception {
        for (String name : List.of("...", "%2e%2e", "%2F", "a b", "-rf", "~", ".hidden")) {
            mkdir(alice, "/" + name);
            write(alice, "/" + name + "/f", bytes(name));
            assertEquals(bytes(name).length, stat(alice, "/" + name + "/f").size(), name);
        }
        assertEquals(7, backend.list(alice, p("/")).size());
    }
}

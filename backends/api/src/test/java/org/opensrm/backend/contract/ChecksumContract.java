package org.opensrm.backend.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;
import org.opensrm.common.SrmStatus;

/** {@code checksum}: adler32 always, stored after the first computation, recomputed when the file changes. */
public abstract class ChecksumContract extends BackendContract {
    private static final Set<SrmStatus> UNSUPPORTED = Set.of(SrmStatus.SRM_NOT_SUPPORTED,
            SrmStatus.SRM_INVALID_REQUEST);

    @Test
    void adler32OfContent() throws Exception {
        byte[] c = content(100_000, 7);
        write(alice, "/f", c);
        String sum = backend.checksum(alice, p("/f"), "adler32");
        assertEquals(adler32Hex(c), sum);
        assertTrue(sum.matches("[0-9a-f]{8}"), sum);
    }

    @Test
    void adler32WithLeadingZeros() throws Exception {
        write(alice, "/f", bytes("a"));
        assertEquals("00620062", backend.checksum(alice, p("/f"), "adler32"));
    }

    @Test
    void adler32OfEmptyFile() throws Exception {
        write(alice, "/empty", new byte[0]);
        assertEquals("00000001", backend.checksum(alice, p("/empty"), "adler32"));
    }

    @Test
    void adler32OfALargeFile() throws Exception {
        byte[] c = content(5 * 1024 * 1024 + 17, 11);
        write(alice, "/big", c);
        assertEquals(adler32Hex(c), backend.checksum(alice, p("/big"), "adler32"));
    }

    @Test
    void storedAfterFirstComputationAndReportedByStat() throws Exception {
        byte[] c = content(3000, 2);
        write(alice, "/f", c);
        assertTrue(stat(alice, "/f").adler32().isEmpty(), "nothing stored before the first computation");
        String sum = backend.checksum(alice, p("/f"), "adler32");
        assertEquals(sum, stat(alice, "/f").adler32().orElseThrow());
        assertEquals(sum, stat(bob, "/f").adler32().orElseThrow(), "visible to every reader");
        assertEquals(sum, backend.checksum(bob, p("/f"), "adler32"));
    }

    @Test
    void changedFileGetsARecomputedChecksum() throws Exception {
        write(alice, "/f", content(1000, 1));
        backend.checksum(alice, p("/f"), "adler32");
        byte[] changed = content(1001, 2);
        write(alice, "/f", changed);
        String staleOrEmpty = stat(alice, "/f").adler32().orElse("");
        assertTrue(staleOrEmpty.isEmpty() || staleOrEmpty.equals(adler32Hex(changed)),
                "stat never reports a checksum of older content: " + staleOrEmpty);
        assertEquals(adler32Hex(changed), backend.checksum(alice, p("/f"), "adler32"));
        assertEquals(adler32Hex(changed), stat(alice, "/f").adler32().orElseThrow());
    }

    @Test
    void sameSizeRewriteGetsARecomputedChecksum() throws Exception {
        write(alice, "/f", content(4096, 1));
        backend.checksum(alice, p("/f"), "adler32");
        // Part of the scenario, not a wait: the rewrite comes later than the first write, as it does in life, so
        // that a file system with coarse timestamps (a clock tick of a few ms) can tell the two apart.
        Thread.sleep(20);
        byte[] changed = content(4096, 2);
        write(alice, "/f", changed);
        assertEquals(adler32Hex(changed), backend.checksum(alice, p("/f"), "adler32"));
    }

    @Test
    void directoryIsInvalidRequest() throws Exception {
        mkdir(alice, "/d");
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> backend.checksum(alice, p("/d"), "adler32"));
    }

    @Test
    void missingIsInvalidPath() {
        assertStatus(SrmStatus.SRM_INVALID_PATH, () -> backend.checksum(alice, p("/none"), "adler32"));
    }

    @Test
    void needsReadPermission() throws Exception {
        write(alice, "/f", bytes("secret"));
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0600));
        if (caps().enforcesPermissions()) {
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> backend.checksum(bob, p("/f"), "adler32"));
        } else {
            assertEquals(adler32Hex(bytes("secret")), backend.checksum(bob, p("/f"), "adler32"));
        }
        assertEquals(adler32Hex(bytes("secret")), backend.checksum(alice, p("/f"), "adler32"));
    }

    @Test
    void statWithoutReadPermissionNeverReportsAWrongChecksum() throws Exception {
        write(alice, "/f", bytes("secret"));
        backend.checksum(alice, p("/f"), "adler32");
        backend.setMode(alice, p("/f"), PosixMode.ofOctal(0600));
        String seen = stat(bob, "/f").adler32().orElse(adler32Hex(bytes("secret")));
        assertEquals(adler32Hex(bytes("secret")), seen, "stat needs no read permission; a checksum it shows is right");
    }

    @Test
    void md5AsDeclared() throws Exception {
        byte[] c = content(2048, 5);
        write(alice, "/f", c);
        if (caps().checksumAlgorithms().contains("md5")) {
            String expected = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(c));
            assertEquals(expected, backend.checksum(alice, p("/f"), "md5"));
        } else {
            assertStatusIn(UNSUPPORTED, () -> backend.checksum(alice, p("/f"), "md5"));
        }
    }

    @Test
    void unknownAlgorithmIsRefused() throws Exception {
        write(alice, "/f", bytes("x"));
        assertStatusIn(UNSUPPORTED, () -> backend.checksum(alice, p("/f"), "no-such-algorithm"));
    }
}

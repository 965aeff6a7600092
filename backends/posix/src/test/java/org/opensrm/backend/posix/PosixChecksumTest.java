package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.posix.internal.Attrs;
import org.opensrm.backend.posix.internal.ChecksumStore;
import org.opensrm.common.SrmStatus;

/** The stored adler32: where it lives, when it is trusted, the in-memory fallback. */
class PosixChecksumTest extends PosixTestBase {

    private static String xattr(Path file) throws Exception {
        UserDefinedFileAttributeView v = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        ByteBuffer buf = ByteBuffer.allocate(v.size("srm.adler32"));
        v.read("srm.adler32", buf);
        return new String(buf.array(), StandardCharsets.US_ASCII);
    }

    private static void plant(Path file, String value) throws Exception {
        Files.getFileAttributeView(file, UserDefinedFileAttributeView.class)
                .write("srm.adler32", StandardCharsets.US_ASCII.encode(value));
    }

    @Test
    void storedInAUserXattrWithSizeAndMtime() throws Exception {
        write(ALICE, "/f", "hello");
        String sum = backend.checksum(ALICE, p("/f"), "adler32");
        Attrs a = Attrs.stat(disk("/f"));
        assertEquals(sum + " 5 " + a.modifiedNanos(), xattr(disk("/f")));
    }

    @Test
    void aValidStoredValueIsTrustedNotRecomputed() throws Exception {
        write(ALICE, "/f", "hello");
        Attrs a = Attrs.stat(disk("/f"));
        plant(disk("/f"), "deadbeef 5 " + a.modifiedNanos());
        assertEquals("deadbeef", backend.checksum(ALICE, p("/f"), "adler32"), "the stored value is used");
        assertEquals("deadbeef", backend.stat(ALICE, p("/f")).adler32().orElseThrow());
        assertEquals("deadbeef", backend.list(ALICE, p("/")).get(0).adler32().orElseThrow());
    }

    @Test
    void aStaleOrMalformedValueIsIgnoredAndReplaced() throws Exception {
        write(ALICE, "/f", "hello");
        Attrs a = Attrs.stat(disk("/f"));
        plant(disk("/f"), "deadbeef 5 " + (a.modifiedNanos() - 1));
        assertTrue(backend.stat(ALICE, p("/f")).adler32().isEmpty());
        assertEquals("062c0215", backend.checksum(ALICE, p("/f"), "adler32"));
        assertTrue(xattr(disk("/f")).startsWith("062c0215 5 "));
        plant(disk("/f"), "garbage");
        assertTrue(backend.stat(ALICE, p("/f")).adler32().isEmpty());
        assertEquals("062c0215", backend.checksum(ALICE, p("/f"), "adler32"));
    }

    @Test
    void algorithmNameIsCaseInsensitiveAndOthersAreNotSupported() throws Exception {
        write(ALICE, "/f", "hello");
        assertEquals("062c0215", backend.checksum(ALICE, p("/f"), "ADLER32"));
        assertStatus(SrmStatus.SRM_NOT_SUPPORTED, () -> backend.checksum(ALICE, p("/f"), "md5"));
    }

    @Test
    void memoryFallbackWhereThereAreNoXattrs() throws Exception {
        write(ALICE, "/f", "hello");
        Path f = disk("/f");
        ChecksumStore store = new ChecksumStore("user.srm.adler32", false, 2, 10);
        Attrs a = Attrs.stat(f);
        assertEquals(Optional.empty(), store.lookup(f, a));
        store.store(f, a, "062c0215");
        assertEquals(Optional.of("062c0215"), store.lookup(f, a));
        assertTrue(Files.getFileAttributeView(f, UserDefinedFileAttributeView.class).list().isEmpty(),
                "nothing written to the file");
        Thread.sleep(20); // the scenario, not a wait: a later rewrite, past the file system's timestamp tick
        write(ALICE, "/f", "HELLO");
        assertEquals(Optional.empty(), store.lookup(f, Attrs.stat(f)), "a changed file is not trusted");
    }

    @Test
    void memoryFallbackIsBounded() throws Exception {
        ChecksumStore store = new ChecksumStore("user.srm.adler32", false, 2, 10);
        for (String n : new String[] {"/a", "/b", "/c"}) {
            write(ALICE, n, n);
            store.store(disk(n), Attrs.stat(disk(n)), "0000000" + n.charAt(1));
        }
        assertEquals(Optional.empty(), store.lookup(disk("/a"), Attrs.stat(disk("/a"))), "eldest evicted");
        assertEquals(Optional.of("0000000c"), store.lookup(disk("/c"), Attrs.stat(disk("/c"))));
    }
}

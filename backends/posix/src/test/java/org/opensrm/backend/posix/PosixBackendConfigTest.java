package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.PosixMode;

class PosixBackendConfigTest {

    @Test
    void defaults() {
        PosixBackendConfig c = PosixBackendConfig.builder(Path.of("/data")).build();
        assertEquals(Path.of("/data"), c.root());
        assertEquals(PosixMode.ofOctal(0775), c.directoryMode());
        assertEquals("user.srm.adler32", c.checksumXattr());
        assertEquals(1 << 20, c.checksumBufferBytes());
    }

    @Test
    void validation() {
        assertThrows(IllegalArgumentException.class, () -> PosixBackendConfig.builder(Path.of("relative")));
        PosixBackendConfig.Builder b = PosixBackendConfig.builder(Path.of("/data"));
        assertThrows(IllegalArgumentException.class, () -> b.checksumXattr("trusted.adler32"));
        assertThrows(IllegalArgumentException.class, () -> b.checksumXattr("user."));
        assertThrows(IllegalArgumentException.class, () -> b.checksumBufferBytes(10));
        assertThrows(IllegalArgumentException.class, () -> b.memoryChecksums(-1));
        assertThrows(NullPointerException.class, () -> b.directoryMode(null));
    }

    @Test
    void missingRootIsRefusedAtConstruction() {
        assertThrows(IOException.class,
                () -> new PosixBackend(PosixBackendConfig.builder(Path.of("/no/such/root/here")).build()));
    }
}

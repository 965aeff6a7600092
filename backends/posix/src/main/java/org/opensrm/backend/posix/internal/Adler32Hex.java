package org.opensrm.backend.posix.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Adler32;

/** Streams a file through {@link Adler32}; the result in the wire form, 8 lowercase hex digits. */
public final class Adler32Hex {
    private final int bufferBytes;

    public Adler32Hex(int bufferBytes) {
        this.bufferBytes = bufferBytes;
    }

    public String of(Path file) throws IOException {
        Adler32 sum = new Adler32();
        byte[] buf = new byte[bufferBytes];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                sum.update(buf, 0, n);
            }
        }
        return String.format("%08x", sum.getValue());
    }
}

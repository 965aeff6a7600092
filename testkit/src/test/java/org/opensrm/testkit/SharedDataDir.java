package org.opensrm.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** A world-writable directory under /tmp, so that the account a GridFTP session setuids to can write there. */
final class SharedDataDir implements AutoCloseable {
    private final Path dir;

    SharedDataDir() throws IOException {
        dir = Files.createTempDirectory(Path.of("/tmp"), "opensrm-testkit-data-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    Path path() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

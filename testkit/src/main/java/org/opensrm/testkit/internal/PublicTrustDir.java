package org.opensrm.testkit.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A world-readable copy of a CA trust directory in /tmp (certificates, signing policies and CRLs are public), for
 * processes that read it after changing to an unprivileged account.
 */
public final class PublicTrustDir implements AutoCloseable {
    private final Path source;
    private final Path copy;

    private PublicTrustDir(Path source, Path copy) {
        this.source = source;
        this.copy = copy;
    }

    public static PublicTrustDir copyOf(Path source) throws IOException {
        if (!Files.isDirectory(source)) {
            throw new IOException("trust directory does not exist: " + source);
        }
        Path copy = Files.createTempDirectory(Path.of("/tmp"), "opensrm-trust-");
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
        PublicTrustDir dir = new PublicTrustDir(source, copy);
        dir.refresh();
        return dir;
    }

    public Path path() {
        return copy;
    }

    /** Copies every regular file of the source again (mode 0644). */
    public synchronized void refresh() throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(source)) {
            for (Path f : files) {
                if (Files.isRegularFile(f)) {
                    Path target = copy.resolve(f.getFileName());
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    @Override
    public void close() {
        try (Stream<Path> all = Files.walk(copy)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort: a leftover copy of public CA files in /tmp is harmless
        }
    }
}

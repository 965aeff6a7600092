package org.opensrm.backend.posix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.contract.BackendFixture;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * A temporary directory (mode 0755, so every account can traverse it) holding {@code root/} (mode 0777, the
 * backend's root) and {@code outside/} (a directory with a file {@code x}, for links out of the root). Files are
 * written as root and then given to their account, as a GridFTP server running as root would.
 */
final class PosixFixture implements BackendFixture {
    private final Path base;
    private final Path root;
    private final Path outside;
    private final PosixBackendConfig config;

    PosixFixture() {
        this(b -> b);
    }

    PosixFixture(java.util.function.UnaryOperator<PosixBackendConfig.Builder> tune) {
        try {
            base = Files.createTempDirectory("opensrm-posix-");
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
            outside = Files.createDirectory(base.resolve("outside"));
            Files.writeString(outside.resolve("x"), "outside the root");
            Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rwxrwxrwx"));
            Files.setPosixFilePermissions(outside.resolve("x"), PosixFilePermissions.fromString("rw-rw-rw-"));
            config = tune.apply(PosixBackendConfig.builder(root)).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The backend's root on disk. */
    Path root() {
        return root;
    }

    /** The directory next to the root that links lead out to. */
    Path outside() {
        return outside;
    }

    Path onDisk(SrmPath path) {
        return path.isRoot() ? root : root.resolve(String.join("/", path.segments()));
    }

    @Override
    public StorageBackend backend() {
        try {
            return new PosixBackend(config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Account alice() {
        return TestAccounts.ALICE;
    }

    @Override
    public Account bob() {
        return TestAccounts.BOB;
    }

    @Override
    public void writeFile(Account owner, SrmPath path, byte[] content) throws IOException {
        Path file = onDisk(path);
        Files.write(file, content, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        giveTo(owner, file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }

    @Override
    public boolean makeSymlinkOutOfRoot(SrmPath path) throws IOException {
        Files.createSymbolicLink(onDisk(path), outside);
        return true;
    }

    @Override
    public boolean makeSymlink(Account owner, SrmPath link, SrmPath target) throws IOException {
        Path l = Files.createSymbolicLink(onDisk(link), onDisk(target));
        giveTo(owner, l);
        return true;
    }

    static void giveTo(Account owner, Path p) throws IOException {
        Files.setAttribute(p, "unix:uid", owner.uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(p, "unix:gid", owner.gid(), LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> all = Files.walk(base)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

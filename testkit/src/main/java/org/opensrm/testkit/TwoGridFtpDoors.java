package org.opensrm.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Two storage elements' GridFTP doors for third-party copies: a {@link TestGrid} under a fresh world-readable
 * directory in {@code /tmp} (door sessions run as the mapped account and must reach it), a user mapped to
 * {@code account} on both doors, and one storage directory per door owned by that account. {@link #close} stops
 * both doors and removes everything.
 *
 * <pre>{@code
 * try (TwoGridFtpDoors doors = TwoGridFtpDoors.start("copy", "Alice", "srmuser1")) {
 *     String from = doors.a().url(doors.storageA().resolve("f").toString());
 * }
 * }</pre>
 */
public final class TwoGridFtpDoors implements AutoCloseable {
    private final Path base;
    private final TestGrid grid;
    private final GridUser user;
    private final Path storageA;
    private final Path storageB;
    private GridFtpServerProcess a;
    private GridFtpServerProcess b;

    private TwoGridFtpDoors(Path base, TestGrid grid, GridUser user, Path storageA, Path storageB) {
        this.base = base;
        this.grid = grid;
        this.user = user;
        this.storageA = storageA;
        this.storageB = storageB;
    }

    /** @param prefix names the directory in {@code /tmp}; {@code commonName} the user; {@code account} its mapping */
    public static TwoGridFtpDoors start(String prefix, String commonName, String account) throws IOException {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-" + prefix + "-");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        TestGrid grid = TestGrid.create(base.resolve("grid"));
        GridUser user = grid.user(commonName);
        TwoGridFtpDoors doors = new TwoGridFtpDoors(base, grid, user, storage(base, "a", account),
                storage(base, "b", account));
        try {
            doors.a = GridFtpServerProcess.start(grid.gridFtpServer("a").map(user.dn(), account).build());
            doors.b = GridFtpServerProcess.start(grid.gridFtpServer("b").map(user.dn(), account).build());
            return doors;
        } catch (IOException | RuntimeException e) {
            doors.close();
            throw e;
        }
    }

    private static Path storage(Path base, String name, String account) throws IOException {
        Path dir = Files.createDirectory(base.resolve("storage-" + name));
        Files.setOwner(dir, dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(account));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    /** The directory everything lives in (world-readable). */
    public Path base() {
        return base;
    }

    public TestGrid grid() {
        return grid;
    }

    /** The user mapped on both doors. */
    public GridUser user() {
        return user;
    }

    public GridFtpServerProcess a() {
        return a;
    }

    public GridFtpServerProcess b() {
        return b;
    }

    /** Door A's storage directory, owned by the mapped account. */
    public Path storageA() {
        return storageA;
    }

    public Path storageB() {
        return storageB;
    }

    /** Stops both doors and deletes the directory. */
    @Override
    public void close() throws IOException {
        for (GridFtpServerProcess door : new GridFtpServerProcess[] {a, b}) {
            if (door != null) {
                door.close();
            }
        }
        try (Stream<Path> files = Files.walk(base)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

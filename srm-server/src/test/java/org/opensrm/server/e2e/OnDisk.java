package org.opensrm.server.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.Adler32;

/** What the tests read on disk: owners, modes, checksums, hidden uploads. */
final class OnDisk {
    private OnDisk() {
    }

    /** The numeric owner of {@code p} (not followed if a link). */
    static int uid(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    static String owner(Path p) throws IOException {
        return Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName();
    }

    /** Permission bits as octal text, e.g. {@code "640"}. */
    static String mode(Path p) throws IOException {
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return Integer.toOctalString(mode & 0777);
    }

    /** The uid of a local account, as the system knows it. */
    static int uidOf(String account) throws IOException {
        Path probe = Files.createTempFile(Path.of("/tmp"), "opensrm-e2e-uid-", ".probe");
        try {
            Files.setOwner(probe, probe.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(account));
            return uid(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /** Adler-32 of the file as 8 lower-case hex digits, the form SRM answers carry. */
    static String adler32(Path file) throws IOException {
        Adler32 sum = new Adler32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                sum.update(buf, 0, n);
            }
        }
        return String.format("%08x", sum.getValue());
    }

    /** A world-readable file of {@code size} pseudo-random bytes (seeded: reproducible content). */
    static Path randomFile(Path file, long size, long seed) throws IOException {
        Random random = new Random(seed);
        byte[] buf = new byte[1 << 16];
        try (var out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= buf.length) {
                random.nextBytes(buf);
                out.write(buf, 0, (int) Math.min(buf.length, left));
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return file;
    }

    /** Where the uploads of {@code account} are staged: its directory of the staging area below {@code root}. */
    static Path stagingOf(Path root, String account) {
        return root.resolve(".srm-uploads").resolve(account);
    }

    /** Hidden uploads ({@code .srmput-*}) directly in {@code dir} (none when it does not exist). */
    static List<Path> uploadsIn(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".srmput-")).toList();
        }
    }
}

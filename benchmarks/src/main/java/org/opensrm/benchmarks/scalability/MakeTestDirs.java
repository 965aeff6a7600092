package org.opensrm.benchmarks.scalability;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * Makes the test directories {@code ROOT/d<N>} of N empty files {@code f-000000 ...} (mode 0644, directories
 * 0755), each with its adler32 stored by the POSIX backend's own code as srmPutDone would have stored it, so
 * listings carry a checksum per entry. A directory that already holds exactly its N files is left as it is;
 * any other content is replaced.
 *
 * <pre>
 * MakeTestDirs --root /srv/srm --sizes 10,100,1000,10000
 * </pre>
 */
public final class MakeTestDirs {
    static final String USAGE = "usage: MakeTestDirs --root DIR --sizes 10,100,1000,10000";

    private MakeTestDirs() {
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, Set.of("root", "sizes"), USAGE);
        Path root = Path.of(o.require("root", USAGE)).toAbsolutePath();
        List<Integer> sizes = Arrays.stream(o.require("sizes", USAGE).split(",")).map(String::strip)
                .map(Integer::parseInt).toList();
        // any account that may read the files: the backend's permission check is all that applies to checksums
        Account reader = new Account("nobody", 65534, 65534, Set.of(65534));
        try (StorageBackend backend = new PosixBackend(PosixBackendConfig.builder(root).build())) {
            for (int n : sizes) {
                Path dir = root.resolve("d" + n);
                if (complete(dir, n)) {
                    System.out.println(dir + ": " + n + " files already there");
                    continue;
                }
                deleteTree(dir);
                Files.createDirectory(dir);
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                for (int i = 0; i < n; i++) {
                    String name = String.format("f-%06d", i);
                    Path f = Files.createFile(dir.resolve(name));
                    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
                    backend.checksum(reader, SrmPath.of("/d" + n + "/" + name), "adler32");
                }
                System.out.println(dir + ": made " + n + " files with stored adler32");
            }
        }
    }

    private static boolean complete(Path dir, int n) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        int count = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (!name.matches("f-\\d{6}") || Integer.parseInt(name.substring(2)) >= n) {
                    return false;
                }
                count++;
            }
        }
        return count == n && (n == 0 || hasStoredChecksum(dir.resolve("f-000000")));
    }

    private static boolean hasStoredChecksum(Path file) throws IOException {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        String name = PosixBackendConfig.DEFAULT_CHECKSUM_XATTR.substring("user.".length());
        return view == null || view.list().contains(name);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

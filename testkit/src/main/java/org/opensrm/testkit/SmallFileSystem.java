package org.opensrm.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A file system of a few megabytes mounted on a directory, for tests of what happens when a disk fills: a
 * {@code tmpfs} of {@code size} bytes, which answers {@code ENOSPC} ("No space left on device") to a write that does
 * not fit, exactly as a full disk does. Mounting needs root (the tests run as root, as {@code bin/run-tests} does);
 * anything else fails with the reason. {@link #fill} takes what is left, {@link #free} gives it back;
 * {@link #close} unmounts (lazily, should a process still hold a file there), leaving the empty directory.
 */
public final class SmallFileSystem implements AutoCloseable {
    private static final String FILLER = ".filler";

    private final Path mountPoint;

    private SmallFileSystem(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /** Mounts a tmpfs of {@code size} bytes, mode {@code mode} (octal, e.g. "0755"), on the existing {@code dir}. */
    public static SmallFileSystem mount(Path dir, long size, String mode) throws IOException {
        run(List.of("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=" + mode, "tmpfs", dir.toString()),
                "mounting a tmpfs needs root");
        return new SmallFileSystem(dir);
    }

    public Path mountPoint() {
        return mountPoint;
    }

    /** Bytes still free for an unprivileged writer. */
    public long available() throws IOException {
        return Files.getFileStore(mountPoint).getUsableSpace();
    }

    /**
     * Writes a file (owned by root, outside anyone's namespace: directly below the mount point) until the file
     * system is full, leaving at most {@code leave} bytes free (0: a write of one more byte fails with ENOSPC).
     */
    public void fill(long leave) throws IOException {
        byte[] page = new byte[4096];
        try (OutputStream out = Files.newOutputStream(mountPoint.resolve(FILLER), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            while (available() > leave) {
                out.write(page);
                out.flush();
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
    }

    /** Removes what {@link #fill} wrote. */
    public void free() throws IOException {
        Files.deleteIfExists(mountPoint.resolve(FILLER));
    }

    @Override
    public void close() {
        try {
            run(List.of("umount", "--lazy", mountPoint.toString()), "unmounting");
        } catch (IOException e) {
            throw new IllegalStateException("cannot unmount " + mountPoint + ": " + e.getMessage(), e);
        }
    }

    private static void run(List<String> command, String what) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not end within 30 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        String output = new String(p.getInputStream().readAllBytes()).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + what + "): " + output);
        }
    }
}

package org.opensrm.gridftp;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real XRootD door for the tests (Debian's xrootd-server): a fresh directory exported read-write over
 * {@code root://} on a free port, its summary reports sent to {@code reportTo} every second. As root it runs as {@code nobody}
 * ({@code -R}; xrootd refuses to run as the superuser), in a directory of its own under the system temporary
 * directory (a JUnit temporary directory is closed to other users). Closing it ends the process and removes the
 * directory.
 */
public final class XrootdDoor implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("xrootd \\S+@\\S+:(\\d+) initialization completed");
    private static final Duration START_LIMIT = Duration.ofSeconds(30);

    private final Path dir;
    private final Path data;
    private final Path log;
    private final Process process;
    private final int port;

    private XrootdDoor(Path dir, Path data, Path log, Process process, int port) {
        this.dir = dir;
        this.data = data;
        this.log = log;
        this.process = process;
        this.port = port;
    }

    /**
     * Starts a door reporting its summary to {@code reportTo} ({@code host:port}) every second. The port is a free
     * one this method finds (a server on {@code xrd.port any} reports port 0, which names no door); should another
     * process take it before xrootd binds it, xrootd fails and the next free port is tried.
     */
    public static XrootdDoor start(String name, String reportTo) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            try {
                return start(name, reportTo, port);
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    private static XrootdDoor start(String name, String reportTo, int port) throws IOException {
        Path dir = Files.createTempDirectory("opensrm-xrootd-" + name + "-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path data = Files.createDirectories(dir.resolve("data"));
        Path admin = Files.createDirectories(dir.resolve("admin"));
        Path log = dir.resolve("xrootd.log");
        Path cfg = dir.resolve("xrootd.cfg");
        Files.writeString(cfg, String.join("\n",
                "xrd.port " + port,
                "all.export / writable",
                "oss.localroot " + data,
                "all.adminpath " + admin,
                "all.pidpath " + admin,
                "xrd.report " + reportTo + " every 1s all",
                ""));
        List<String> cmd = new ArrayList<>(List.of("xrootd", "-c", cfg.toString(), "-l", log.toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            UserPrincipal nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            for (Path p : List.of(dir, data, admin)) {
                Files.setOwner(p, nobody);
            }
            cmd.addAll(List.of("-R", "nobody"));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        try {
            while (true) {
                Matcher m = READY.matcher(Files.exists(log) ? Files.readString(log) : "");
                if (m.find() && Integer.parseInt(m.group(1)) == port) {
                    return new XrootdDoor(dir, data, log, p, port);
                }
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("xrootd " + name + " did not start on port " + port + ": " + tail(log)
                            + " / " + tail(dir.resolve("stdout.txt")));
                }
                Thread.sleep(50); // polls the log for the ready line, with a deadline
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(p);
            delete(dir);
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** The door as the selectors name it: by {@code localhost} (the reports come from 127.0.0.1). */
    public GridFtpNode node() {
        return GridFtpNode.of(GridFtpNode.ROOT, "localhost", port);
    }

    public String url(String path) {
        return "root://127.0.0.1:" + port + "//" + path;
    }

    /** A sparse file of {@code bytes} readable by the door, at {@code name} under its export. */
    public void file(String name, long bytes) throws IOException {
        Path f = data.resolve(name);
        try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
            r.setLength(bytes);
        }
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String log() throws IOException {
        return tail(log);
    }

    /** Ends the process and removes the directory; again, does nothing. */
    @Override
    public void close() throws IOException {
        stop(process);
        if (Files.exists(dir)) {
            delete(dir);
        }
    }

    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String tail(Path f) throws IOException {
        if (!Files.exists(f)) {
            return "(no " + f.getFileName() + ")";
        }
        String s = Files.readString(f);
        return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

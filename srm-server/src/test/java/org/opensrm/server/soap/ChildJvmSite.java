package org.opensrm.server.soap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opensrm.testkit.HttpgSoapClient;

/**
 * The server as operators run it, in a JVM of its own started by the launcher ({@code bin/srm-server -c FILE}, which
 * always asks the JVM to exit on OutOfMemoryError) with a heap of the test's choosing, the shipped
 * {@code logback.xml}, and its console (the server log) written to a file the test reads back. POSIX backend root,
 * grid-mapfile and credentials as in {@link RealSrmSite}.
 */
final class ChildJvmSite implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("OpenSRM \\S+ listening on 127\\.0\\.0\\.1:(\\d+)");

    private final Path base;
    private final EdgePki pki;
    private final Process process;
    private final Path log;
    private final int port;

    private ChildJvmSite(Path base, EdgePki pki, Process process, Path log, int port) {
        this.base = base;
        this.pki = pki;
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the server with heap {@code heap} (e.g. "256m") and {@code extra} configuration keys. */
    static ChildJvmSite start(String heap, Map<String, String> extra) throws Exception {
        Path base = Files.createTempDirectory(Path.of("/tmp"), "opensrm-child-");
        Process process = null;
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
            EdgePki pki = EdgePki.create(base.resolve("pki"));
            Path root = Files.createDirectory(base.resolve("root"));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path gridmap = Files.writeString(base.resolve("grid-mapfile"),
                    "\"" + pki.userDn() + "\" " + RealSrmSite.ACCOUNT + "\n");
            StringBuilder conf = new StringBuilder();
            Map.of("srm.host", "127.0.0.1", "srm.port", "0", "srm.hostcert", pki.hostCert().toString(),
                    "srm.hostkey", pki.hostKey().toString(), "srm.cadir", pki.trustDir().toString(),
                    "srm.gridmap", gridmap.toString(), "srm.token.key", "child-jvm-test-token-key-0123456789",
                    "srm.state.dir", Files.createDirectory(base.resolve("state")).toString(),
                    "backend.root", root.toString()).forEach((k, v) -> conf.append(k).append('=').append(v).append('\n'));
            extra.forEach((k, v) -> conf.append(k).append('=').append(v).append('\n'));
            Path confFile = Files.writeString(base.resolve("srm.conf"), conf);

            Path log = base.resolve("server.log");
            process = launcher(base, heap, confFile).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int port = awaitPort(process, log);
            return new ChildJvmSite(base, pki, process, log, port);
        } catch (Exception | Error e) {
            if (process != null) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            RealSrmSite.deleteTree(base);
            throw e;
        }
    }

    /**
     * {@code bin/srm-server -c FILE} as operators run it, with {@code SRM_JAVA_OPTS} setting the heap. The build
     * output it looks for is not packaged while tests run: {@code OPENSRM_LIB} points it at a stand-in, and
     * {@code JAVA} at a wrapper that replaces the launcher's class path with this test's and runs this JVM's java
     * with every other option the launcher gave.
     */
    private static ProcessBuilder launcher(Path base, String heap, Path confFile) throws IOException {
        Path lib = Files.createDirectories(base.resolve("lib").resolve("lib"));
        Files.createFile(lib.getParent().resolve("opensrm-server-0-test.jar"));
        Path java = Files.writeString(base.resolve("java"), """
                #!/usr/bin/env bash
                a=("$@")
                for i in "${!a[@]}"; do [ "${a[$i]}" = -cp ] && a[$((i + 1))]="$TEST_CLASS_PATH"; done
                exec "$REAL_JAVA" "${a[@]}"
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path launcher = Path.of(System.getProperty("user.dir")).getParent().resolve("bin/srm-server");
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "-c", confFile.toString());
        pb.environment().put("OPENSRM_LIB", lib.getParent().toString());
        pb.environment().put("JAVA", java.toString());
        pb.environment().put("REAL_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("TEST_CLASS_PATH", System.getProperty("java.class.path"));
        pb.environment().put("SRM_JAVA_OPTS", "-Xms" + heap + " -Xmx" + heap + " -XX:+UseG1GC");
        return pb;
    }

    private static int awaitPort(Process process, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the server ended at start:\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server did not start in 120 s:\n" + Files.readString(log));
    }

    int port() {
        return port;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** What the server has logged so far. */
    String log() throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    }

    HttpgSoapClient client() {
        return pki.client().withTimeoutMillis(120_000);
    }

    /** The backend directory SURL path {@code /} maps to. */
    Path root() {
        return base.resolve("root");
    }

    EdgePki pki() {
        return pki;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        RealSrmSite.deleteTree(base);
    }
}

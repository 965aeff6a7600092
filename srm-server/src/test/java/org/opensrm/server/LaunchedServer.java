package org.opensrm.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server as operators run it: {@code bin/srm-server -c FILE} in a JVM of its own (the launcher always asks the
 * JVM to exit on OutOfMemoryError), with a heap of the test's choosing and its console (the server log) in a file
 * the test reads back. The launcher and the wrapper both {@code exec}, so the process is the server's JVM itself:
 * {@link #kill()} is a SIGKILL to the server, not to a shell in front of it.
 */
public final class LaunchedServer implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("OpenSRM \\S+ listening on 127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path log;
    private final int port;

    private LaunchedServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Writes {@code settings} to {@code work}/srm.conf and starts the server on it with heap {@code heap} (e.g.
     * "256m"); its output goes to {@code work}/{@code logName}. Returns once it listens.
     */
    public static LaunchedServer start(Path work, Map<String, String> settings, String heap, String logName)
            throws Exception {
        StringBuilder conf = new StringBuilder();
        settings.forEach((k, v) -> conf.append(k).append('=').append(v).append('\n'));
        Path confFile = Files.writeString(work.resolve("srm.conf"), conf);
        Path log = work.resolve(logName);
        Process process = launcher(work, heap, confFile).redirectErrorStream(true).redirectOutput(log.toFile())
                .start();
        try {
            return new LaunchedServer(process, log, awaitPort(process, log));
        } catch (Exception | Error e) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            throw e;
        }
    }

    /**
     * {@code bin/srm-server -c FILE} with {@code SRM_JAVA_OPTS} setting the heap. The build output it looks for is
     * not packaged while tests run: {@code OPENSRM_LIB} points it at a stand-in, and {@code JAVA} at a wrapper that
     * replaces the launcher's class path with this test's and runs this JVM's java with every other option the
     * launcher gave.
     */
    private static ProcessBuilder launcher(Path work, String heap, Path confFile) throws IOException {
        Path lib = Files.createDirectories(work.resolve("lib").resolve("lib"));
        Path jar = lib.getParent().resolve("opensrm-server-0-test.jar");
        if (!Files.exists(jar)) {
            Files.createFile(jar);
        }
        Path java = Files.writeString(work.resolve("java"), """
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

    public int port() {
        return port;
    }

    /** The server JVM's process id (to signal it: SIGSTOP and SIGCONT, a pause). */
    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The server JVM's command line, as the kernel knows it (to show that it is java, not a shell). */
    public String command() {
        return process.info().command().orElse("?");
    }

    /** What the server has logged so far. */
    public String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** SIGKILL to the server's JVM: no shutdown hook runs, nothing is flushed or closed. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the server did not die of SIGKILL in 30 s");
        }
    }

    /** SIGTERM, as a service manager stops it; SIGKILL if it is still there after 30 s. */
    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}

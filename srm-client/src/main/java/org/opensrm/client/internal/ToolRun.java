package org.opensrm.client.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a Globus or gfal2 tool as a child process: a clean environment (only what is given: no
 * {@code X509_USER_CERT}/{@code X509_USER_KEY} inherited from the server, which would make
 * {@code globus-url-copy} ignore {@code X509_USER_PROXY}), standard input from {@code /dev/null}, standard output
 * and error into one file in the work directory (no pipe to drain), removed once read. {@link #kill} ends the
 * process and its descendants.
 */
public final class ToolRun {
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin";
    /** Bound on the output kept for the explanation: the last bytes carry the error. */
    private static final int MAX_OUTPUT = 16 * 1024;

    private final Process process;
    private final Path output;

    private ToolRun(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /** @param env the tool's whole environment besides {@code PATH}, {@code HOME}, {@code LANG} */
    public static ToolRun start(List<String> command, Map<String, String> env, Path workDir) throws IOException {
        Path output = Files.createTempFile(workDir, "tool-", ".out");
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> environment = pb.environment();
        environment.clear();
        environment.put("PATH", PATH);
        environment.put("HOME", workDir.toString());
        environment.put("LANG", "C");
        environment.putAll(env);
        pb.directory(workDir.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.redirectErrorStream(true);
        pb.redirectOutput(output.toFile());
        try {
            return new ToolRun(pb.start(), output);
        } catch (IOException e) {
            Files.deleteIfExists(output);
            throw e;
        }
    }

    /** Waits for the exit; returns the exit code and what the tool wrote (its last 16 KiB). */
    public Result await() throws InterruptedException, IOException {
        int code = process.waitFor();
        return new Result(code, readOutput());
    }

    /** Waits at most {@code timeout}; kills the tool past it (exit code -1). */
    public Result await(Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            kill();
            return new Result(-1, readOutput() + "\n(killed after " + timeout.toSeconds() + " s)");
        }
        return new Result(process.exitValue(), readOutput());
    }

    /** Kills the tool and everything it started; waits briefly for them to go. Idempotent. */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public long pid() {
        return process.pid();
    }

    private String readOutput() throws IOException {
        try {
            byte[] all = Files.readAllBytes(output);
            int from = Math.max(0, all.length - MAX_OUTPUT);
            return new String(all, from, all.length - from, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** @param output what the tool wrote on standard output and error */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }
}

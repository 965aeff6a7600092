package org.opensrm.testkit.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.opensrm.testkit.ClientRun;

/**
 * Runs one command with an exact environment and a timeout, stdin from /dev/null, stdout/stderr into files (so a
 * grandchild that keeps a pipe open cannot hang the caller). On timeout the whole process tree is killed.
 */
public final class ProcessRunner {
    private final Path scratch;

    /** @param scratch directory for the captured output files */
    public ProcessRunner(Path scratch) {
        this.scratch = scratch;
    }

    public ClientRun run(List<String> command, Map<String, String> environment, Path workDir, Duration timeout)
            throws IOException {
        Files.createDirectories(scratch);
        Path out = Files.createTempFile(scratch, "run-", ".out");
        Path err = Files.createTempFile(scratch, "run-", ".err");
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(environment);
        pb.directory(workDir.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        boolean finished;
        try {
            finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            ProcessTree.destroy(p.toHandle(), Duration.ofSeconds(2));
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        try {
            return new ClientRun(command, finished ? p.exitValue() : -1,
                    text(out), text(err),
                    !finished, elapsed);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}

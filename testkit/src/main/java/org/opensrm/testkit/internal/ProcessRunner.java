package org.opensrm.testkit.internal;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.RunningClient;

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

    /** Starts {@code command} without waiting; the handle waits, kills and collects its output. */
    public RunningClient start(List<String> command, Map<String, String> environment, Path workDir, Duration timeout)
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
        return new Started(List.copyOf(command), pb.start(), System.nanoTime(), timeout, out, err);
    }

    /** A started command; its deadline is the start time plus the timeout. */
    private static final class Started implements RunningClient {
        private final List<String> command;
        private final Process process;
        private final long startNanos;
        private final long deadline;
        private final Path out;
        private final Path err;
        private boolean killed;
        private boolean timedOut;
        private ClientRun result;

        Started(List<String> command, Process process, long startNanos, Duration timeout, Path out, Path err) {
            this.command = command;
            this.process = process;
            this.startNanos = startNanos;
            this.deadline = startNanos + timeout.toNanos();
            this.out = out;
            this.err = err;
        }

        @Override
        public List<String> command() {
            return command;
        }

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public boolean isRunning() {
            return process.isAlive();
        }

        @Override
        public boolean waitFor(Duration limit) {
            long until = Math.min(deadline, System.nanoTime() + limit.toNanos());
            try {
                return process.waitFor(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !process.isAlive();
            }
        }

        @Override
        public synchronized void kill() {
            if (process.isAlive()) {
                killed = true;
                List<ProcessHandle> all = ProcessTree.snapshot(process.toHandle());
                all.forEach(ProcessHandle::destroyForcibly);
                ProcessTree.destroy(process.toHandle(), Duration.ofSeconds(2));
                all.forEach(h -> h.onExit().completeOnTimeout(h, 5, TimeUnit.SECONDS).join());
            }
        }

        @Override
        public synchronized ClientRun await() {
            if (result != null) {
                return result;
            }
            if (!waitFor(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                timedOut = true;
                kill();
            }
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
            try {
                result = new ClientRun(command, killed || process.isAlive() ? -1 : process.exitValue(), text(out),
                        text(err), timedOut, elapsed);
                return result;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the output of " + command, e);
            } finally {
                deleteQuietly(out);
                deleteQuietly(err);
            }
        }

        @Override
        public void close() {
            kill();
            if (result == null) {
                await();
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a leftover capture file in the client HOME is harmless
        }
    }

    private static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}

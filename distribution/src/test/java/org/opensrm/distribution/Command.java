package org.opensrm.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One command run to its end, as a user at a shell would: its exit status and its output (stdout and stderr). */
record Command(List<String> argv, int exit, String output) {
    static final Duration TIMEOUT = Duration.ofMinutes(3);

    /** Runs {@code argv} in {@code dir} with only {@code PATH}, {@code LANG} and the given variables set. */
    static Command run(Path dir, Map<String, String> env, List<String> argv) throws IOException, InterruptedException {
        Path out = Files.createTempFile("opensrm-command-", ".txt");
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        pb.environment().put("LANG", "C.UTF-8");
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                return new Command(argv, -1, Files.readString(out, StandardCharsets.UTF_8) + "\n(timed out)");
            }
            return new Command(argv, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    static Command bash(Path dir, Map<String, String> env, String script) throws IOException, InterruptedException {
        return run(dir, env, List.of("bash", "-c", script));
    }

    boolean ok() {
        return exit == 0;
    }

    String describe() {
        return String.join(" ", argv) + " -> exit " + exit + "\n" + output;
    }
}

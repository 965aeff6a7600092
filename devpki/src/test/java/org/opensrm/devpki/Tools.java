package org.opensrm.devpki;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command-line tool, returning exit code and merged output. */
final class Tools {
    record Result(int exit, String output) {
    }

    private Tools() {
    }

    static Result run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + String.join(" ", command));
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    static Result run(String... command) throws IOException, InterruptedException {
        return run(Map.of(), command);
    }
}

package org.opensrm.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The README's first command as a newcomer runs it: {@code bin/srm-server --dev} (the launcher script, on the
 * build the reactor has just made), then the gfal2 lines it prints, run by bash exactly as printed except for the
 * local file names: a 5 MiB file up, listed, down, byte-equal, removed, through the GridFTP door; then up, listed and
 * down again through the XRootD door with each of its printed protocols (root, davs). Then Ctrl-C (SIGTERM) stops
 * the server and both doors.
 */
class DevServerCopiesFilesIT {
    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    private static final String SAMPLE_SOURCE = "file:///etc/os-release";
    private static final String SAMPLE_TARGET = "file:///tmp/os-release.copy";

    private Path dir;
    private Process launcher;
    private final StringBuilder printed = new StringBuilder();

    @BeforeEach
    void makeDirectory() throws IOException {
        // Started as root (as bin/run-tests runs), --dev acts as 'nobody', which must reach the directory.
        dir = Files.createTempDirectory("opensrm-devserver-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void stop() throws Exception {
        if (launcher != null && launcher.isAlive()) {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly().waitFor();
        }
        Command.run(TOP, Map.of(), List.of("rm", "-rf", dir.toString()));
    }

    /** Starts the launcher with {@code flag} and returns what it printed up to its last instruction line. */
    private List<String> startLauncher(String flag) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(TOP.resolve("bin/srm-server").toString(), flag,
                "--dev-dir", dir.resolve("dev").toString(), "--set", "srm.port=0")
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("X509_USER_PROXY");
        launcher = pb.start();
        // One thread reads everything the launcher prints until it ends (the pipe never fills), and hands over
        // the lines up to its last instruction as soon as that is printed.
        CompletableFuture<List<String>> up = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            List<String> lines = new ArrayList<>();
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
                        StandardCharsets.UTF_8));
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (printed) {
                        printed.append(line).append('\n');
                    }
                    lines.add(line);
                    if (line.startsWith("Ctrl-C stops")) {
                        up.complete(List.copyOf(lines));
                    }
                }
            } catch (IOException e) {
                lines.add("(read failed: " + e + ")");
            }
            up.complete(lines); // the launcher ended before its instructions
        }, "launcher-output");
        reader.setDaemon(true);
        reader.start();
        List<String> lines;
        try {
            lines = up.get(90, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            synchronized (printed) {
                throw new AssertionError("the launcher printed no instructions within 90 seconds:\n" + printed, e);
            }
        }
        assertTrue(!lines.isEmpty() && lines.get(lines.size() - 1).startsWith("Ctrl-C stops"),
                "the launcher did not come up:\n" + printed);
        return lines;
    }

    private static String printedLine(List<String> lines, String start) {
        return lines.stream().map(String::trim).filter(l -> l.startsWith(start)).reduce((a, b) -> {
            throw new AssertionError("two lines start with " + start + ": " + a + " / " + b);
        }).orElseThrow(() -> new AssertionError("no line starts with '" + start + "' in\n" + lines));
    }

    @Test
    void theReadmeCommandCopiesAFileUpAndDownThroughItsDoor() throws Exception {
        List<String> lines = startLauncher("--dev");
        assertFalse(String.join("\n", lines).contains("full mode"), "gateway mode by default:\n" + lines);
        copyUpAndDown(lines);
    }

    /**
     * {@code --dev-full}, the README's variant in full mode: the same printed lines copy the same file through the
     * queued requests of full mode, which the embedded store keeps under the development state directory.
     */
    @Test
    void theFullModeVariantCopiesTheSameWithQueuedRequests() throws Exception {
        List<String> lines = startLauncher("--dev-full");
        assertTrue(lines.stream().anyMatch(l -> l.contains("in full mode")), "says it runs in full mode:\n" + lines);
        copyUpAndDown(lines);
        assertTrue(Files.size(dir.resolve("dev/state/requests.db")) > 0, "the requests are kept in the embedded store");
    }

    /** Runs the printed lines on a 5 MiB file, then stops the launcher with SIGTERM. */
    private void copyUpAndDown(List<String> lines) throws Exception {
        String env = printedLine(lines, "export ");
        String ls = printedLine(lines, "gfal-ls ");
        List<String> copies = lines.stream().map(String::trim)
                .filter(l -> l.startsWith("gfal-copy ") && !l.contains("TURL_3RD_PARTY_PROTOCOLS")).toList();
        assertEquals(2, copies.size(), "an upload and a download line:\n" + lines);
        String rm = printedLine(lines, "gfal-rm ");
        assertTrue(copies.get(0).contains(SAMPLE_SOURCE) && copies.get(1).contains(SAMPLE_TARGET), copies.toString());

        byte[] data = new byte[5 << 20];
        new Random(9).nextBytes(data);
        Path source = Files.write(dir.resolve("five-mib.bin"), data);
        Path back = dir.resolve("back.bin");
        Map<String, String> shell = Map.of("HOME", dir.toString());

        Command upload = Command.bash(dir, shell, env + "\n" + copies.get(0).replace(SAMPLE_SOURCE, "file://" + source));
        assertTrue(upload.ok(), upload.describe() + "\n--- launcher ---\n" + printed);
        Command listing = Command.bash(dir, shell, env + "\n" + ls);
        assertTrue(listing.ok(), listing.describe());
        assertTrue(listing.output().lines().anyMatch(l -> l.contains(String.valueOf(data.length))
                && l.contains("os-release")), listing.describe());
        Command download = Command.bash(dir, shell, env + "\n" + copies.get(1).replace(SAMPLE_TARGET, "file://" + back));
        assertTrue(download.ok(), download.describe());
        assertArrayEquals(data, Files.readAllBytes(back), "the file came back byte for byte");
        Command remove = Command.bash(dir, shell, env + "\n" + rm);
        assertTrue(remove.ok(), remove.describe());
        Command after = Command.bash(dir, shell, env + "\n" + ls);
        assertTrue(after.ok(), after.describe());
        assertFalse(after.output().contains("os-release"), after.describe());
        assertFalse(Files.exists(dir.resolve("dev/data/os-release")));

        for (String protocol : List.of("root", "davs")) {
            List<String> door = lines.stream().map(String::trim)
                    .filter(l -> l.startsWith("gfal-copy ") && l.contains("TURL_3RD_PARTY_PROTOCOLS=" + protocol + "\"")).toList();
            assertEquals(2, door.size(), "an upload and a download line for " + protocol + ":\n" + lines);
            Path backAgain = dir.resolve("back-" + protocol + ".bin");
            Command up = Command.bash(dir, shell, env + "\n" + door.get(0).replace(SAMPLE_SOURCE, "file://" + source));
            assertTrue(up.ok(), up.describe() + "\n--- launcher ---\n" + printed);
            Command listed = Command.bash(dir, shell, env + "\n" + ls);
            assertTrue(listed.ok() && listed.output().lines().anyMatch(l -> l.contains(String.valueOf(data.length))
                    && l.contains("os-release")), listed.describe());
            Command down = Command.bash(dir, shell, env + "\n"
                    + door.get(1).replace(SAMPLE_TARGET, "file://" + backAgain));
            assertTrue(down.ok(), down.describe());
            assertArrayEquals(data, Files.readAllBytes(backAgain), protocol + ": the file came back byte for byte");
        }

        List<ProcessHandle> doors = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .map(c -> c.contains("globus-gridftp-server") && c.contains(dir.toString())).orElse(false)).toList();
        assertFalse(doors.isEmpty(), "the door runs beside the server");
        List<ProcessHandle> xrootd = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .map(c -> c.contains("xrootd") && c.contains(dir.toString())).orElse(false)).toList();
        assertFalse(xrootd.isEmpty(), "the XRootD door runs beside the server");
        doors = new java.util.ArrayList<>(doors);
        doors.addAll(xrootd);
        launcher.destroy();
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "SIGTERM stops the launcher");
        for (ProcessHandle door : doors) {
            door.onExit().get(10, TimeUnit.SECONDS);
        }
        assertTrue(doors.stream().noneMatch(ProcessHandle::isAlive), "the door stopped with the server");
        synchronized (printed) {
            assertFalse(printed.toString().contains("Exception"), "a clean stop:\n" + printed);
        }
    }
}

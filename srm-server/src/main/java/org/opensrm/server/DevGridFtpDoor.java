package org.opensrm.server;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GridFTP door of {@code srm-server --dev}: Debian's {@code globus-gridftp-server} as a child process on
 * 127.0.0.1, on a port it picks itself (it announces it on standard output), with the development host
 * certificate, CA directory and grid-mapfile, so that the TURLs the server hands out are served. Started as root it
 * forks a session per connection that switches to the mapped account, as a site's doors do; started as an
 * ordinary user it serves that user. Files under {@code gridftp/} of the development directory: the log, and
 * the door's standard output and error.
 */
final class DevGridFtpDoor implements AutoCloseable {
    static final Path EXECUTABLE = Path.of("/usr/sbin/globus-gridftp-server");
    private static final Pattern LISTENING = Pattern.compile("Server listening at [^\\s:]+:(\\d+)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final int port;
    private final Path log;

    private DevGridFtpDoor(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the door and returns once it greets with {@code 220}.
     *
     * @throws IOException when it cannot be started or does not greet within 30 s (the message names its log)
     */
    static DevGridFtpDoor start(Path workDir, Path hostCert, Path hostKey, Path trustDir, Path gridMap)
            throws IOException {
        Path work = Files.createDirectories(workDir);
        Path conf = work.resolve("gridftp.conf");
        // An empty configuration file keeps /etc/gridftp.conf (a site's door settings) from being read.
        Files.writeString(conf, "# development door of srm-server --dev: everything is on the command line\n");
        Path log = work.resolve("gridftp.log");
        Path stdout = work.resolve("stdout.txt");
        ProcessBuilder pb = new ProcessBuilder(EXECUTABLE.toString(), "-c", conf.toString(),
                "-control-interface", "127.0.0.1", "-data-interface", "127.0.0.1",
                "-log-level", "error,warn,info,transfer", "-log-module", "stdio:buffer=0", "-logfile", log.toString());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("X509_") || k.startsWith("GLOBUS_") || k.equals("GRIDMAP"));
        env.put("X509_USER_CERT", hostCert.toString());
        env.put("X509_USER_KEY", hostKey.toString());
        env.put("X509_CERT_DIR", trustDir.toString());
        env.put("GRIDMAP", gridMap.toString());
        pb.directory(work.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(stdout.toFile());
        pb.redirectError(work.resolve("stderr.txt").toFile());
        Process process = pb.start();
        try {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            int port = announcedPort(process, stdout, deadline);
            awaitGreeting(process, port, deadline);
            return new DevGridFtpDoor(process, port, log);
        } catch (IOException e) {
            DoorProcesses.stop(process);
            throw new IOException("the development GridFTP door did not start: " + e.getMessage() + " (see "
                    + work.resolve("stderr.txt") + " and " + log + ")", e);
        }
    }

    private static int announcedPort(Process process, Path stdout, long deadline) throws IOException {
        while (true) {
            Matcher m = LISTENING.matcher(Files.readString(stdout, StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            DoorProcesses.waitOrGiveUp(process, "globus-gridftp-server", deadline, START_TIMEOUT,
                    "it announced no port");
        }
    }

    private static void awaitGreeting(Process process, int port, long deadline) throws IOException {
        while (!GridFtpGreeting.greets("127.0.0.1", port, Duration.ofSeconds(2))) {
            DoorProcesses.waitOrGiveUp(process, "globus-gridftp-server", deadline, START_TIMEOUT,
                    "no 220 greeting on port " + port);
        }
    }

    /** The door as {@code gridftp.nodes} names it: {@code gsiftp://localhost:PORT}. */
    String node() {
        return "gsiftp://localhost:" + port;
    }

    Path log() {
        return log;
    }

    /** Stops the door and every session process it forked. */
    @Override
    public void close() {
        DoorProcesses.stop(process);
    }
}

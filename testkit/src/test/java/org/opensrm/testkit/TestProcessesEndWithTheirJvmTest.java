package org.opensrm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.internal.ProcessTree;

/**
 * Issue 22, point 17: a {@code globus-gridftp-server} a test started (with a session child serving a connection)
 * does not outlive the JVM that started it, whether that JVM exits without closing it or is killed with SIGKILL;
 * and this class itself leaves no process behind ({@link NoProcessLeftBehind}).
 */
@Timeout(180)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class TestProcessesEndWithTheirJvmTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private record Owner(Process jvm, long daemonPid, int port) {
    }

    private Owner startOwner(String mode) throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, GridFtpOwnerJvm.class.getName(), dir.resolve("grid").toString(), mode)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith("PID ")) {
            // log lines before the announcement
        }
        assertTrue(line != null, "the owner JVM announced its door");
        String[] f = line.split(" ");
        return new Owner(jvm, Long.parseLong(f[1]), Integer.parseInt(f[3]));
    }

    /** The door's processes: the daemon and the session it forked for a connection (kept open by the caller). */
    private static List<ProcessHandle> doorWithSession(Owner owner, Socket session) throws Exception {
        session.connect(new InetSocketAddress("127.0.0.1", owner.port()), 10_000);
        assertTrue(new BufferedReader(new InputStreamReader(session.getInputStream(), StandardCharsets.US_ASCII))
                .readLine().startsWith("220"));
        ProcessHandle daemon = ProcessHandle.of(owner.daemonPid()).orElseThrow();
        List<ProcessHandle> all = new ArrayList<>(ProcessTree.snapshot(daemon));
        assertTrue(all.size() >= 2, "a session process serves the connection: " + all);
        return all;
    }

    private static void assertAllEnd(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (processes.stream().anyMatch(ProcessTree::isRunning) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(processes.stream().anyMatch(ProcessTree::isRunning), "still running: " + processes.stream()
                .filter(ProcessTree::isRunning).map(ProcessHandle::pid).toList());
    }

    @Test
    void aDoorEndsWhenItsJvmIsKilledWithSigkill() throws Exception {
        Owner owner = startOwner("wait");
        try (Socket session = new Socket()) {
            List<ProcessHandle> door = doorWithSession(owner, session);
            owner.jvm().destroyForcibly().waitFor();
            assertAllEnd(door);
        }
    }

    @Test
    void aDoorEndsWhenItsJvmExitsWithoutClosingIt() throws Exception {
        Owner owner = startOwner("exit");
        try (Socket session = new Socket()) {
            List<ProcessHandle> door = doorWithSession(owner, session);
            owner.jvm().getOutputStream().write('\n');
            owner.jvm().getOutputStream().flush();
            assertEquals(0, owner.jvm().waitFor());
            assertAllEnd(door);
        }
    }
}

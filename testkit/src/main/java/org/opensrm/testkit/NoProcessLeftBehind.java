package org.opensrm.testkit;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opensrm.testkit.internal.ProcessTree;

/**
 * A JUnit extension that fails a test class which leaves a process running behind it: after the class (its
 * {@code @AfterAll} included), no process this JVM started, directly or not, may still run (zombies awaiting
 * their reaper do not count). Processes that were ending are given a few seconds. Use with
 * {@code @ExtendWith(NoProcessLeftBehind.class)}.
 */
public final class NoProcessLeftBehind implements AfterAllCallback {
    private static final Duration GRACE = Duration.ofSeconds(10);

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        long deadline = System.nanoTime() + GRACE.toNanos();
        List<ProcessHandle> left = running();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = running();
        }
        if (!left.isEmpty()) {
            throw new AssertionError(context.getDisplayName() + " left processes running: " + left.stream()
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
        }
    }

    /** This JVM's descendants that still run. */
    public static List<ProcessHandle> running() {
        return ProcessHandle.current().descendants().filter(ProcessTree::isRunning).toList();
    }
}

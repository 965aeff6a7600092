package org.opensrm.testkit;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opensrm.testkit.internal.ProcessTree;

/**
 * A JUnit extension that fails a test class which leaves a process running behind it: after the class (its
 * {@code @AfterAll} included), no process this JVM started, directly or not, may still run (zombies awaiting
 * their reaper do not count). Only processes started while the class ran are its own: one already running
 * before it (another class's, in the same test JVM) is that class's to answer for. Processes that were ending are
 * given a few seconds. Use with {@code @ExtendWith(NoProcessLeftBehind.class)}.
 */
public final class NoProcessLeftBehind implements BeforeAllCallback, AfterAllCallback {
    private static final Duration GRACE = Duration.ofSeconds(10);
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(NoProcessLeftBehind.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Set<Long> before = running().stream().map(ProcessHandle::pid).collect(Collectors.toUnmodifiableSet());
        context.getStore(NAMESPACE).put("before", before);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        @SuppressWarnings("unchecked")
        Set<Long> before = context.getStore(NAMESPACE).getOrDefault("before", Set.class, Set.of());
        long deadline = System.nanoTime() + GRACE.toNanos();
        List<ProcessHandle> left = startedSince(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = startedSince(before);
        }
        if (!left.isEmpty()) {
            throw new AssertionError(context.getDisplayName() + " left processes running: " + left.stream()
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
        }
    }

    private static List<ProcessHandle> startedSince(Set<Long> before) {
        return running().stream().filter(p -> !before.contains(p.pid())).toList();
    }

    /** This JVM's descendants that still run. */
    public static List<ProcessHandle> running() {
        return ProcessHandle.current().descendants().filter(ProcessTree::isRunning).toList();
    }
}

package org.opensrm.testkit.internal;

import java.io.IOException;
import java.time.Duration;

/**
 * Ends a process and everything it forked when this JVM ends without closing it, however the JVM ends: a shutdown
 * hook for an ordinary exit or SIGTERM (a test class that never reached its {@code close()}, a surefire fork told to
 * stop), and for a JVM that is killed outright (SIGKILL, a crash) a watchdog process, {@code sh}, that waits for EOF
 * on a pipe from this JVM, which the kernel closes whatever way the JVM dies, and then kills the process tree by
 * process id. {@link #close()} (the owner stopped the process itself) removes both.
 */
public final class Lifeline implements AutoCloseable {
    /** Kills {@code $1} and, depth first, every process whose parent it is; after EOF on stdin. */
    private static final String WATCHDOG = "k() { for c in $(pgrep -P \"$1\"); do k \"$c\"; done; kill -KILL \"$1\" "
            + "2>/dev/null; }; while read -r _; do :; done; k \"$1\"";

    private final ProcessHandle root;
    private final Process watchdog;
    private final Thread hook;

    private Lifeline(ProcessHandle root, Process watchdog) {
        this.root = root;
        this.watchdog = watchdog;
        this.hook = new Thread(() -> {
            watchdog.destroyForcibly();
            ProcessTree.destroy(root, Duration.ofSeconds(2));
        }, "lifeline-" + root.pid());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Ties {@code root}'s life (and its descendants') to this JVM's. */
    public static Lifeline of(ProcessHandle root) throws IOException {
        Process watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "opensrm-lifeline", Long.toString(root.pid()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new Lifeline(root, watchdog);
    }

    /** The watchdog, for tests. */
    public ProcessHandle watchdog() {
        return watchdog.toHandle();
    }

    /** The owner ends the process itself: no hook, no watchdog. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway, and does what the owner is doing
        }
        watchdog.destroyForcibly();
        try {
            watchdog.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "lifeline of pid " + root.pid() + " (watchdog pid " + watchdog.pid() + ")";
    }
}

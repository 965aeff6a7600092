package org.opensrm.testkit.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Ends a process and everything it forked: SIGTERM to all, then SIGKILL to what is left after a grace period. */
public final class ProcessTree {
    private ProcessTree() {
    }

    /** Terminates {@code root} and its descendants; returns when none is running or after grace + 5 s. */
    public static void destroy(ProcessHandle root, Duration grace) {
        List<ProcessHandle> all = snapshot(root);
        all.forEach(ProcessHandle::destroy);
        if (!awaitGone(all, grace)) {
            List<ProcessHandle> again = snapshot(root);
            again.addAll(all);
            again.forEach(ProcessHandle::destroyForcibly);
            awaitGone(again, Duration.ofSeconds(5));
        }
    }

    /** The process first, then its descendants as they are now (the root's forks before its grandchildren). */
    public static List<ProcessHandle> snapshot(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        all.addAll(root.descendants().collect(Collectors.toList()));
        return all;
    }

    /**
     * Whether the process runs: alive and not a zombie. A zombie (exited, not yet reaped, which happens when an
     * orphan is re-parented to a PID 1 that reaps late) counts as ended.
     */
    public static boolean isRunning(ProcessHandle p) {
        if (!p.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            return p.isAlive();
        }
    }

    private static boolean awaitGone(List<ProcessHandle> processes, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        while (processes.stream().anyMatch(ProcessTree::isRunning)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}

package org.opensrm.testkit;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one client command.
 *
 * @param command  the command line that ran
 * @param exitCode its exit code; {@code -1} when it was killed on timeout
 * @param stdout   everything it wrote to stdout (UTF-8)
 * @param stderr   everything it wrote to stderr (UTF-8)
 * @param timedOut whether the timeout ended it (its whole process tree was killed)
 * @param elapsed  wall time until it ended or was killed
 */
public record ClientRun(List<String> command, int exitCode, String stdout, String stderr, boolean timedOut,
                        Duration elapsed) {

    public ClientRun {
        command = List.copyOf(command);
    }

    /** Exit code 0 and not timed out. */
    public boolean ok() {
        return exitCode == 0 && !timedOut;
    }

    /** stdout then stderr, for assertions on text that either stream may carry. */
    public String output() {
        return stdout + stderr;
    }

    /** A multi-line description for assertion messages. */
    public String describe() {
        return String.join(" ", command) + "\n  exit " + exitCode + (timedOut ? " (TIMED OUT)" : "") + " after "
                + elapsed.toMillis() + " ms\n  --- stdout ---\n" + stdout + "\n  --- stderr ---\n" + stderr;
    }

    @Override
    public String toString() {
        return describe();
    }
}

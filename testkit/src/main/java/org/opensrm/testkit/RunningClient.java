package org.opensrm.testkit;

import java.time.Duration;
import java.util.List;

/**
 * A client command started by {@link SrmClients#start} and not yet waited for. {@link #kill} ends it (and
 * everything it forked) at once, as a user pressing Ctrl-C twice or a crashed job would; {@link #await} waits for
 * its end within the environment's timeout. Closing kills it if it still runs.
 */
public interface RunningClient extends AutoCloseable {

    /** The command line. */
    List<String> command();

    /** The process id of the command (not of its children). */
    long pid();

    /** Whether the command still runs. */
    boolean isRunning();

    /** Waits up to {@code limit} (never past the environment's timeout); returns whether it ended. */
    boolean waitFor(Duration limit);

    /** SIGKILL to the command and all its descendants; returns once none of them runs. */
    void kill();

    /**
     * Waits for the end of the command (killing it at the environment's timeout) and returns what it did. A
     * killed command reports exit code {@code -1}, and {@link ClientRun#timedOut()} only when the timeout
     * killed it.
     */
    ClientRun await();

    @Override
    void close();
}

package org.opensrm.server;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How the development doors (GridFTP's, XRootD's) are waited for and stopped: the door and every process it
 * started.
 */
final class DoorProcesses {
    private DoorProcesses() {
    }

    /** Asks the door and its children to end, then forces whatever still runs after three seconds. */
    static void stop(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        children.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * One pause of a door's start-up wait, or the reason to stop waiting.
     *
     * @param name    the door's program, for the message when it exited
     * @param timeout the whole wait, for the message when {@code deadline} passed
     * @param what    what was not seen in time
     * @throws IOException the door exited, the deadline passed, or the wait was interrupted
     */
    static void waitOrGiveUp(Process process, String name, long deadline, Duration timeout, String what)
            throws IOException {
        if (!process.isAlive()) {
            throw new IOException(name + " exited with status " + process.exitValue());
        }
        if (System.nanoTime() > deadline) {
            throw new IOException(what + " within " + timeout.toSeconds() + " s");
        }
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}

package org.opensrm.server;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** How the development doors (GridFTP's, XRootD's) are stopped: the door and every process it started. */
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
}

package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.server.config.ServerConfig;

/**
 * Start-up checks of the host against the configured limits: each finding is a warning naming the setting to
 * raise and by how much. Nothing here stops the start.
 */
final class HostCheck {
    /** File descriptors the server needs beyond its connections (jars, logs, storage, GridFTP probes). */
    static final int SPARE_DESCRIPTORS = 256;
    /**
     * Heap a connection costs while a call of it waits for a processing slot, TLS state and the waiting request
     * included: measured about 20 KiB (2,000 and 10,000 kept-alive clients, docs/tuning.md), rounded up for
     * requests larger than an srmLs. Idle ones cost about 12 KiB.
     */
    static final long HEAP_PER_CONNECTION = 32 * 1024;
    static final long HEAP_BASE = 128L << 20;

    private final ServerConfig config;

    HostCheck(ServerConfig config) {
        this.config = config;
    }

    List<String> warnings() {
        List<String> out = new ArrayList<>();
        long needFds = (long) config.maxConnections() + SPARE_DESCRIPTORS;
        long fds = openFileLimit();
        if (fds > 0 && fds < needFds) {
            out.add("open-file limit (ulimit -n) is " + fds + " but jetty.max.connections=" + config.maxConnections()
                    + " needs about " + needFds + ": raise it by " + (needFds - fds)
                    + " (LimitNOFILE= in the systemd unit, or ulimit -n " + needFds + ")");
        }
        long heapNeed = HEAP_BASE + HEAP_PER_CONNECTION * config.maxConnections();
        long heap = Runtime.getRuntime().maxMemory();
        if (heap < heapNeed) {
            out.add("maximum heap is " + (heap >> 20) + " MiB but jetty.max.connections=" + config.maxConnections()
                    + " busy connections need about " + (heapNeed >> 20) + " MiB: raise -Xmx by "
                    + ((heapNeed - heap >> 20) + 1) + " MiB (SRM_JAVA_OPTS)");
        }
        long somaxconn = readLong(Path.of("/proc/sys/net/core/somaxconn"));
        if (somaxconn > 0 && config.acceptQueue() > somaxconn) {
            out.add("jetty.accept.queue=" + config.acceptQueue() + " exceeds net.core.somaxconn=" + somaxconn
                    + ", which caps it: raise net.core.somaxconn by " + (config.acceptQueue() - somaxconn)
                    + " (sysctl -w net.core.somaxconn=" + config.acceptQueue() + ")");
        }
        return out;
    }

    static long openFileLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String[] f = line.substring("Max open files".length()).trim().split("\\s+");
                    return f[0].equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(f[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /**
     * The number in a one-line file such as {@code /proc/sys/net/core/somaxconn}. Read line-wise: procfs files
     * report size 0, and JDK 17's {@code Files.readString} then returns only their first byte ("4" for 4096).
     */
    private static long readLong(Path p) {
        try {
            List<String> lines = Files.readAllLines(p);
            return lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}

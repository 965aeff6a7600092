package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.server.config.RawConfig;
import org.opensrm.server.config.ServerConfig;

@Tag("integration")
class HostCheckTest {
    private static ServerConfig config(Map<String, String> settings) throws Exception {
        java.util.HashMap<String, String> m = new java.util.HashMap<>(settings);
        m.put("srm.token.key", "host-check-test-key");
        return ServerConfig.from(RawConfig.of(m));
    }

    /** The soft open-file limit of this process, as a child shell inherits it. */
    private static long openFileLimitSeenByShell() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "ulimit -n").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        return out.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(out);
    }

    /** Read line-wise: Files.readString gives only the first byte of a procfs file on JDK 17. */
    private static long somaxconn() throws Exception {
        return Long.parseLong(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn")).get(0).trim());
    }

    @Test
    void maxConnectionsAboveTheOpenFileLimitWarnsNamingUlimitAndTheShortfall() throws Exception {
        long limit = openFileLimitSeenByShell();
        assumeTrue(limit + 1000 <= 10_000_000, "open-file limit " + limit + " is above what can be configured");
        int maxConnections = (int) limit + 1000;
        List<String> warnings = new HostCheck(config(Map.of("jetty.max.connections", String.valueOf(maxConnections))))
                .warnings();
        long shortfall = maxConnections + HostCheck.SPARE_DESCRIPTORS - limit;
        String fd = warnings.stream().filter(w -> w.contains("ulimit -n")).findFirst()
                .orElseThrow(() -> new AssertionError("no open-file warning in " + warnings));
        assertTrue(fd.contains("is " + limit + " "), fd);
        assertTrue(fd.contains("jetty.max.connections=" + maxConnections), fd);
        assertTrue(fd.contains("raise it by " + shortfall + " "), fd);
    }

    @Test
    void maxConnectionsWellBelowTheOpenFileLimitDoesNotWarn() throws Exception {
        long limit = openFileLimitSeenByShell();
        assumeTrue(limit > 300, "open-file limit " + limit + " leaves no room for connections");
        int maxConnections = (int) Math.min(limit - HostCheck.SPARE_DESCRIPTORS - 1, 10_000_000);
        List<String> warnings = new HostCheck(config(Map.of("jetty.max.connections", String.valueOf(maxConnections))))
                .warnings();
        assertTrue(warnings.stream().noneMatch(w -> w.contains("ulimit -n")), warnings.toString());
    }

    @Test
    void acceptQueueAboveSomaxconnWarnsNamingTheShortfall() throws Exception {
        long somaxconn = somaxconn();
        int queue = (int) somaxconn + 77;
        List<String> warnings = new HostCheck(config(Map.of("jetty.accept.queue", String.valueOf(queue)))).warnings();
        String w = warnings.stream().filter(s -> s.contains("somaxconn")).findFirst()
                .orElseThrow(() -> new AssertionError("no somaxconn warning in " + warnings));
        assertTrue(w.contains("jetty.accept.queue=" + queue), w);
        assertTrue(w.contains("net.core.somaxconn=" + somaxconn), w);
        assertTrue(w.contains("by 77 "), w);
    }

    @Test
    void acceptQueueAtSomaxconnDoesNotWarn() throws Exception {
        int queue = (int) somaxconn();
        List<String> warnings = new HostCheck(config(Map.of("jetty.accept.queue", String.valueOf(queue)))).warnings();
        assertTrue(warnings.stream().noneMatch(s -> s.contains("somaxconn")), warnings.toString());
    }
}

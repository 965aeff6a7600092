package org.opensrm.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CommandLineTest {
    private final CommandLine cli = new CommandLine(Map.of("X509_USER_PROXY", "/tmp/p", "X509_CERT_DIR", "/ca"));

    @Test
    void fullCommandLine() throws Exception {
        LoadTestConfig c = cli.parse(new String[] {"--endpoint", "httpg://se.example:8446/srm/managerv2",
            "--op", "put", "--surl", "srm://se.example/data/up/", "--concurrency=1,10,100",
            "--duration", "2m", "--warmup", "500ms", "--connection", "new", "--out", "/tmp/o",
            "--thread-stack", "128k", "--insecure-trust"}).orElseThrow();
        assertEquals("se.example", c.endpoint().host());
        assertEquals(8446, c.endpoint().port());
        assertTrue(c.endpoint().gsiByte());
        assertEquals(Operation.PUT, c.operation());
        assertEquals("up", c.targets().get(0).label());
        assertEquals(List.of(1, 10, 100), c.concurrencyLevels());
        assertEquals(Duration.ofMinutes(2), c.duration());
        assertEquals(Duration.ofMillis(500), c.warmup());
        assertEquals(ConnectionMode.NEW, c.connectionMode());
        assertEquals(Path.of("/tmp/o"), c.outputDir());
        assertEquals(128 * 1024, c.threadStackBytes());
        assertTrue(c.insecureTrust());
        assertEquals(Path.of("/tmp/p"), c.proxyFile());
    }

    @Test
    void defaultsAndLabels() throws Exception {
        LoadTestConfig c = cli.parse(new String[] {"--endpoint", "https://h/", "--op", "ls",
            "--surl", "1000=srm://h/d?x", "--surl", "srm://h/d10"}).orElseThrow();
        assertFalse(c.endpoint().gsiByte());
        assertEquals(8443, c.endpoint().port());
        assertEquals("/", c.endpoint().path());
        assertEquals(Path.of("/ca"), c.caDir().orElseThrow());
        assertEquals(List.of(1, 10, 100, 1000), c.concurrencyLevels());
        assertEquals(1000.0, c.targets().get(0).numericLabel());
        assertEquals("d10", c.targets().get(1).label());
        assertEquals(ConnectionMode.KEEPALIVE, c.connectionMode());
        assertTrue(c.connectFirst().isEmpty());
        assertEquals(0, c.tlsWarmup());
        assertEquals(0, c.maxHandshakes());
        assertEquals(BusyPause.GFAL2, c.busyPause());
        LoadTestConfig storm = cli.parse(new String[] {"--endpoint", "httpg://h/", "--op", "ping",
            "--tls-warmup", "2000", "--max-handshakes", "32", "--busy-pause", "none"}).orElseThrow();
        assertEquals(2000, storm.tlsWarmup());
        assertEquals(32, storm.maxHandshakes());
        assertEquals(BusyPause.NONE, storm.busyPause());
        assertEquals(Duration.ofMinutes(5), cli.parse(new String[] {"--endpoint", "httpg://h/", "--op", "ping",
            "--connect-first", "5m"}).orElseThrow().connectFirst().orElseThrow());
    }

    @Test
    void badInput() throws Exception {
        assertThrows(CommandLine.UsageException.class,
                () -> cli.parse(new String[] {"--endpoint", "http://h/", "--op", "ping"}));
        assertThrows(CommandLine.UsageException.class,
                () -> cli.parse(new String[] {"--endpoint", "httpg://h/", "--op", "ping", "--duration", "x"}));
        assertThrows(CommandLine.UsageException.class,
                () -> cli.parse(new String[] {"--endpoint", "httpg://h/", "--op", "ls", "--surl", "gsiftp://h/"}));
        assertThrows(CommandLine.UsageException.class, () -> cli.parse(new String[] {"--endpoint", "httpg://h/",
            "--op", "ping", "--connection", "new", "--connect-first", "1m"}));
        assertThrows(CommandLine.UsageException.class, () -> cli.parse(new String[] {"--endpoint", "httpg://h/",
            "--op", "ping", "--max-handshakes", "-1"}));
        assertThrows(CommandLine.UsageException.class, () -> cli.parse(new String[] {"--endpoint", "httpg://h/",
            "--op", "ping", "--tls-warmup", "-5"}));
        assertThrows(CommandLine.UsageException.class, () -> cli.parse(new String[] {"--endpoint", "httpg://h/",
            "--op", "ping", "--busy-pause", "later"}));
        assertTrue(cli.parse(new String[] {"-h"}).isEmpty());
    }
}

package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadProber;
import org.opensrm.gridftp.internal.PrometheusSource;
import org.opensrm.testkit.GridFtpServerConfig;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;
import org.opensrm.testkit.TestGrid;

/**
 * Three real globus-gridftp-server doors, the OpenSRM agent beside each (sessions from the daemon's children,
 * throughput from its transfer log), the load prober reading the agents: real globus-url-copy transfers load one
 * door, and new choices go to the others while it is busy and come back once it is idle; a door killed mid-test is
 * dropped within two probe rounds and re-admitted after its restart; a door at its {@code -connections-max} greets
 * {@code 421} and is full until a session ends.
 */
@Tag("integration")
class LoadProbeRealDoorsTest {
    /** Realistic on a busy 2-core build machine: a session greets after a fork and exec. */
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final int SESSIONS_MAX = 20;
    private static final int LOADING_TRANSFERS = 4;

    @TempDir
    static Path tmp;
    static Path shared;
    static TestGrid grid;
    static GridUser alice;
    static SrmClients clients;
    static final List<Door> doors = new ArrayList<>();

    /**
     * A door, its agent, its transfer log and pid file (the agent follows the daemon across restarts); its address is
     * a {@link TcpForwarder}'s, which stays when the daemon restarts on another port.
     */
    static final class Door {
        final String name;
        final Path pidFile;
        final Path transferLog;
        final GridFtpServerConfig config;
        GridFtpServerProcess server;
        AgentProcess agent;
        TcpForwarder address;

        Door(String name) throws IOException {
            this.name = name;
            Path dir = Files.createDirectories(tmp.resolve(name));
            this.pidFile = dir.resolve("gridftp.pid");
            this.transferLog = dir.resolve("transfer.log");
            this.config = grid.gridFtpServer(name).map(alice.dn(), "srmuser1")
                    .extraArgs("-log-transfer", transferLog.toString()).build();
        }

        void startServer() throws IOException {
            server = GridFtpServerProcess.start(config);
            Files.writeString(pidFile, server.pid() + "\n");
            if (address == null) {
                address = new TcpForwarder(server.port());
            } else {
                address.retarget(server.port());
            }
        }

        GridFtpNode node() {
            return new GridFtpNode("localhost", address.port());
        }
    }

    @BeforeAll
    static void startDoors() throws IOException {
        grid = TestGrid.create(tmp);
        alice = grid.user("Alice");
        clients = grid.clients(alice).withTimeout(Duration.ofMinutes(3));
        shared = Files.createTempDirectory(Path.of("/tmp"), "opensrm-loadprobe-");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        for (String name : List.of("a", "b", "c")) {
            Door d = new Door(name);
            doors.add(d);
            d.startServer();
            d.agent = AgentProcess.start("--pid-file", d.pidFile.toString(), "--transfer-log", d.transferLog.toString(),
                    "--window", "30", "--sessions-max", Integer.toString(SESSIONS_MAX),
                    "--link-bytes-per-second", "100000000");
        }
    }

    @AfterAll
    static void stopDoors() throws IOException {
        for (Door d : doors) {
            if (d.agent != null) {
                d.agent.close();
            }
            if (d.server != null) {
                d.server.close();
            }
            if (d.address != null) {
                d.address.close();
            }
        }
        if (shared != null) {
            try (Stream<Path> all = Files.walk(shared)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static LoadProber prober() {
        LoadProbeConfig.Builder load = LoadProbeConfig.builder().source(LoadProbeConfig.Source.PROMETHEUS)
                .weights(1, 1, 0); // the three doors share one host: its CPU load tells them apart in nothing
        doors.forEach(d -> load.doorEndpoints(d.node(), List.of(d.agent.url())));
        SelectorConfig config = SelectorConfig.builder().nodes(doors.stream().map(Door::node).toList())
                .policy(SelectionPolicy.LOAD_PROBE).probeInterval(INTERVAL).connectTimeout(INTERVAL)
                .loadProbe(load.build()).build();
        return new LoadProber(config, GridFtpSelectors.loadSource(config.loadProbe()));
    }

    private static LoadProbeSelector selector(LoadProber p) {
        return new LoadProbeSelector(doors.stream().map(Door::node).toList(), NodeHealth.ALWAYS_UP, p::snapshot, 0.1);
    }

    @Test
    void newTransfersAvoidTheBusyDoorAndReturnOnceItIsIdle() throws Exception {
        Door a = doors.get(0);
        try (LoadProber p = prober().start()) {
            LoadProbeSelector selector = selector(p);
            awaitRounds(p, p.completedRounds() + 1);

            List<SlowSource> sources = new ArrayList<>();
            List<RunningClient> transfers = new ArrayList<>();
            try {
                for (int i = 0; i < LOADING_TRANSFERS; i++) {
                    SlowSource s = new SlowSource(shared.resolve("slow-" + i));
                    sources.add(s);
                    transfers.add(clients.start(List.of("globus-url-copy",
                            a.server.url(s.fifo.toString()), "file://" + tmp.resolve("copy-" + i))));
                }
                await(() -> sessionsOf(a) >= LOADING_TRANSFERS, "the agent sees " + LOADING_TRANSFERS + " sessions on a");
                long seen = p.completedRounds();
                awaitRounds(p, seen + 2);
                DoorLoad busy = load(p, a.node());
                assertEquals(DoorState.UP, busy.state(), busy.toString());
                for (int round = 0; round < 3; round++) {
                    Map<GridFtpNode, Integer> counts = count(selector, 300);
                    assertFalse(counts.containsKey(a.node()), "busy door a chosen: " + counts + " " + p.snapshot().doors());
                    assertEquals(2, counts.size(), counts.toString());
                    awaitRounds(p, p.completedRounds() + 1);
                }
            } finally {
                sources.forEach(SlowSource::close);
            }
            for (RunningClient t : transfers) {
                assertTrue(t.await().ok(), t.await().describe());
            }
            await(() -> count(selector, 300).containsKey(a.node()), "door a chosen again once idle");

            String metrics = scrape(a);
            assertTrue(metric(metrics, "gridftp_transfers_total") >= LOADING_TRANSFERS, metrics);
            assertEquals(LOADING_TRANSFERS * SlowSource.BYTES, (long) metric(metrics, "gridftp_transferred_bytes_total"), metrics);
            assertTrue(metric(metrics, "gridftp_transfer_bytes_per_second") > 0, metrics);
        }
    }

    @Test
    void aKilledDoorIsDroppedWithinTwoRoundsAndReadmittedAfterRestart() throws Exception {
        Door c = doors.get(2);
        try (LoadProber p = prober().start()) {
            LoadProbeSelector selector = selector(p);
            await(() -> load(p, c.node()).state() == DoorState.UP, "c up");
            c.server.close();
            long killedAt = p.completedRounds();
            await(() -> load(p, c.node()).state() == DoorState.DEAD, "c dead");
            assertTrue(p.completedRounds() <= killedAt + 2, "dropped within two probe rounds");
            assertFalse(count(selector, 300).containsKey(c.node()));

            c.startServer();
            await(() -> load(p, c.node()).state() == DoorState.UP, "c re-admitted");
            await(() -> count(selector, 300).containsKey(c.node()), "c chosen again");
        }
    }

    @Test
    void aDoorAtItsConnectionLimitAnswers421AndIsFullUntilASessionEnds() throws Exception {
        try (GridFtpServerProcess limited = GridFtpServerProcess.start(grid.gridFtpServer("limited")
                .map(alice.dn(), "srmuser1").extraArgs("-connections-max", "1").build())) {
            GridFtpNode node = GridFtpNode.parse(limited.node());
            SelectorConfig config = SelectorConfig.builder().node(node).policy(SelectionPolicy.LOAD_PROBE)
                    .probeInterval(INTERVAL).connectTimeout(INTERVAL).build();
            try (java.net.Socket session = heldSession(limited.port());
                 LoadProber p = new LoadProber(config, LoadSource.NONE).start()) {
                await(() -> p.snapshot().door(node).state() == DoorState.FULL, "the door full while a session is held");
                assertTrue(p.snapshot().door(node).detail().contains("421"), p.snapshot().door(node).detail());
                session.close();
                await(() -> p.snapshot().door(node).state() == DoorState.UP, "the door up once the session ended");
            }
        }
    }

    /**
     * The one session a door with {@code -connections-max 1} allows, once it greets with 220: the connection its
     * start-up check made may still be counted for a moment after it closed (the door then answers 421).
     */
    private static java.net.Socket heldSession(int port) throws Exception {
        String greeting = "";
        for (int attempt = 0; attempt < 50; attempt++) {
            java.net.Socket session = new java.net.Socket("127.0.0.1", port);
            greeting = new java.io.BufferedReader(new java.io.InputStreamReader(session.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            if (greeting != null && greeting.startsWith("220")) {
                return session;
            }
            session.close();
            Thread.sleep(100);
        }
        throw new AssertionError("the door never greeted a single session with 220: " + greeting);
    }

    private static double sessionsOf(Door d) {
        try {
            return metric(scrape(d), "gridftp_sessions");
        } catch (Exception e) {
            return -1;
        }
    }

    private static String scrape(Door d) throws Exception {
        return new org.opensrm.gridftp.internal.BoundedRead(1 << 20).httpGet(d.agent.url(), Duration.ofSeconds(10));
    }

    private static double metric(String text, String name) throws ProbeException {
        return org.opensrm.gridftp.internal.PrometheusText.parse(text).stream().filter(s -> s.name().equals(name))
                .mapToDouble(org.opensrm.gridftp.internal.PrometheusText.Sample::value).findFirst().orElse(-1);
    }

    private static DoorLoad load(LoadProber p, GridFtpNode n) {
        return p.snapshot().door(n);
    }

    private static Map<GridFtpNode, Integer> count(LoadProbeSelector s, int calls) {
        Map<GridFtpNode, Integer> counts = new HashMap<>();
        try {
            for (int i = 0; i < calls; i++) {
                counts.merge(s.select(), 1, Integer::sum);
            }
        } catch (SrmException e) {
            throw new AssertionError(e);
        }
        return counts;
    }

    private static void awaitRounds(LoadProber p, long rounds) {
        await(() -> p.completedRounds() >= rounds, rounds + " probe rounds");
    }

    private static void await(BooleanSupplier condition, String what) {
        Await.until(condition, what, Duration.ofSeconds(90));
    }

    /**
     * A named pipe the door reads a file from: the transfer lasts until {@link #close()} ends the pipe, after a
     * known number of bytes written in a trickle. A slow transfer without a large file or a busy machine.
     */
    static final class SlowSource implements AutoCloseable {
        static final long BYTES = 4096;
        final Path fifo;
        private final Thread writer;
        private volatile boolean done;

        SlowSource(Path fifo) throws IOException, InterruptedException {
            this.fifo = fifo;
            Process mk = new ProcessBuilder("mkfifo", "-m", "0666", fifo.toString()).inheritIO().start();
            if (mk.waitFor() != 0) {
                throw new IOException("mkfifo " + fifo + " failed");
            }
            this.writer = new Thread(this::trickle, "slow-source-" + fifo.getFileName());
            writer.setDaemon(true);
            writer.start();
        }

        private void trickle() {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                byte[] chunk = new byte[512];
                long written = 0;
                while (written < BYTES) {
                    out.write(chunk);
                    out.flush();
                    written += chunk.length;
                    Thread.sleep(100); // the scenario: a trickling upload that keeps the door busy
                }
                while (!done) {
                    Thread.sleep(50);
                }
            } catch (IOException | InterruptedException e) {
                // the reader went away
            }
        }

        @Override
        public void close() {
            done = true;
            try {
                writer.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

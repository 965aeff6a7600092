package org.opensrm.gridftp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.contract.FakeEndpoint;
import org.opensrm.gridftp.contract.FakeEndpoint.Behaviour;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadProber;

/**
 * The background prober against fake doors (a 220 or 421 greeting on loopback) and fake, misbehaving probe
 * endpoints: what a real exporter cannot be made to do.
 */
class LoadProberTest {
    private static final Duration INTERVAL = Duration.ofMillis(300);
    private static final Duration TIMEOUT = Duration.ofMillis(300);
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private <T extends AutoCloseable> T keep(T c) {
        open.add(c);
        return c;
    }

    private FakeFtpServer door(String greeting) throws IOException {
        return keep(new FakeFtpServer(greeting));
    }

    private FakeEndpoint metrics(Behaviour b, String body) throws IOException {
        return keep(new FakeEndpoint(true, b, body));
    }

    private static String sessions(int n) {
        return "gridftp_sessions " + n + "\ngridftp_sessions_max 10\n";
    }

    private LoadProber prober(LoadSource source, LoadProbeConfig.Builder load, GridFtpNode... nodes) {
        SelectorConfig config = SelectorConfig.builder().nodes(List.of(nodes)).policy(SelectionPolicy.LOAD_PROBE)
                .probeInterval(INTERVAL).connectTimeout(TIMEOUT).loadProbe(load.build()).build();
        return keep(new LoadProber(config, source == null ? GridFtpSelectors.loadSource(config.loadProbe()) : source));
    }

    private static LoadProbeConfig.Builder prometheus() {
        return LoadProbeConfig.builder().source(LoadProbeConfig.Source.PROMETHEUS).weights(1, 0, 0);
    }

    private static void awaitRounds(LoadProber p, long rounds) {
        await(() -> p.completedRounds() >= rounds, rounds + " probe rounds");
    }

    private static void await(BooleanSupplier condition, String what) {
        Await.until(condition, what, Duration.ofSeconds(20));
    }

    private static DoorLoad load(LoadProber p, GridFtpNode n) {
        return p.snapshot().door(n);
    }

    @Test
    void ranksDoorsByTheirReportedSessions() throws Exception {
        FakeFtpServer a = door("220 a ready");
        FakeFtpServer b = door("220 b ready");
        FakeEndpoint ma = metrics(Behaviour.ANSWER, sessions(8));
        FakeEndpoint mb = metrics(Behaviour.ANSWER, sessions(1));
        LoadProber p = prober(null, prometheus().doorEndpoints(a.node(), List.of(ma.endpoint()))
                .doorEndpoints(b.node(), List.of(mb.endpoint())), a.node(), b.node());
        assertEquals(DoorState.UNKNOWN, load(p, a.node()).state(), "before the first round");
        p.start();
        awaitRounds(p, 1);
        assertEquals(new DoorLoad(a.node(), DoorState.UP, 0.8, "sessions 8.00, bytes/s -, cpu -"), load(p, a.node()));
        assertEquals(0.1, load(p, b.node()).load(), 1e-9);
        LoadProbeSelector s = new LoadProbeSelector(List.of(a.node(), b.node()), NodeHealth.ALWAYS_UP, p::snapshot, 0.1);
        for (int i = 0; i < 50; i++) {
            assertEquals(b.node(), s.select());
        }
        ma.set(Behaviour.ANSWER, sessions(10));
        await(() -> load(p, a.node()).state() == DoorState.FULL, "a at its session maximum is full");
        assertTrue(load(p, a.node()).detail().startsWith("sessions at their maximum 10"), load(p, a.node()).detail());
    }

    @Test
    void misbehavingEndpointsMakeTheirDoorsUnknownWithOneLogLineAndSelectionCarriesOn() throws Exception {
        List<FakeFtpServer> doors = new ArrayList<>();
        List<FakeEndpoint> endpoints = List.of(metrics(Behaviour.HANG, ""),
                metrics(Behaviour.ANSWER, "<html>not metrics</html>\n"), metrics(Behaviour.HUGE, ""),
                metrics(Behaviour.ANSWER, "gridftp_sessions -4\n"), metrics(Behaviour.ANSWER, "gridftp_sessions 3e15\n"),
                metrics(Behaviour.ANSWER, sessions(2)));
        LoadProbeConfig.Builder config = prometheus();
        for (FakeEndpoint e : endpoints) {
            FakeFtpServer d = door("220 ready");
            doors.add(d);
            config.doorEndpoints(d.node(), List.of(e.endpoint()));
        }
        GridFtpNode good = doors.get(doors.size() - 1).node();
        LoadProber p = prober(null, config, doors.stream().map(FakeFtpServer::node).toArray(GridFtpNode[]::new));
        String log = captureStderr(() -> {
            p.start();
            awaitRounds(p, 4);
        });
        for (int i = 0; i < doors.size() - 1; i++) {
            GridFtpNode n = doors.get(i).node();
            assertEquals(DoorState.UNKNOWN, load(p, n).state(), load(p, n).toString());
            assertEquals(1, count(log, "door " + n + " is unknown"), "one line for " + n + " in:\n" + log);
        }
        assertTrue(load(p, doors.get(0).node()).detail().contains("did not answer within"));
        assertTrue(load(p, doors.get(1).node()).detail().contains("not the Prometheus text format"));
        assertTrue(load(p, doors.get(2).node()).detail().contains("more than"));
        assertTrue(load(p, doors.get(3).node()).detail().contains("absurd sessions figure -4"));
        assertTrue(load(p, doors.get(4).node()).detail().contains("absurd sessions figure 3.0E15"));
        assertEquals(DoorState.UP, load(p, good).state());
        LoadProbeSelector s = new LoadProbeSelector(doors.stream().map(FakeFtpServer::node).toList(),
                NodeHealth.ALWAYS_UP, p::snapshot, 0.1);
        for (int i = 0; i < 50; i++) {
            assertEquals(good, s.select(), "selection carries on with the door that reports");
        }
    }

    @Test
    void busyGreetingIsFullAndEveryDoorFullOrDeadIsBusy() throws Exception {
        FakeFtpServer busy = door("421 Service busy: Connection limit exceeded. Please try again later. Closing control connection.");
        GridFtpNode dead = new GridFtpNode("localhost", FakeFtpServer.closedPort());
        LoadProber p = prober(null, LoadProbeConfig.builder(), busy.node(), dead).start();
        awaitRounds(p, 1);
        assertEquals(DoorState.FULL, load(p, busy.node()).state());
        assertEquals(DoorState.DEAD, load(p, dead).state());
        LoadProbeSelector s = new LoadProbeSelector(List.of(busy.node(), dead), NodeHealth.ALWAYS_UP, p::snapshot, 0.1);
        SrmException e = org.junit.jupiter.api.Assertions.assertThrows(NoDoorAvailableException.class, s::select);
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
        assertTrue(e.getMessage().contains("421"), e.getMessage());
    }

    @Test
    void bannerOnlyRanksByTimeToGreetAndFollowsADoorDownAndBack() throws Exception {
        FakeFtpServer a = door("220 a ready");
        FakeFtpServer b = door("220 b ready");
        GridFtpNode an = a.node();
        LoadProber p = prober(null, LoadProbeConfig.builder(), an, b.node()).start();
        awaitRounds(p, 1);
        assertEquals(DoorState.UP, load(p, an).state());
        assertTrue(load(p, an).detail().startsWith("220 after "), load(p, an).detail());
        a.close();
        long killedAt = p.completedRounds();
        await(() -> load(p, an).state() == DoorState.DEAD, "a dead");
        assertTrue(p.completedRounds() <= killedAt + 2, "dropped within two rounds");
        keep(new FakeFtpServer("220 a again", an.port()));
        await(() -> load(p, an).state() == DoorState.UP, "a re-admitted");
    }

    /** Rounds an hour apart: the extra round recheckSoon starts finds a door that died since the first at once. */
    @Test
    void recheckSoonRunsAnExtraRoundThatFindsADeadDoor() throws Exception {
        FakeFtpServer a = door("220 a ready");
        FakeFtpServer b = door("220 b ready");
        SelectorConfig config = SelectorConfig.builder().nodes(List.of(a.node(), b.node()))
                .policy(SelectionPolicy.LOAD_PROBE).probeInterval(Duration.ofHours(1)).connectTimeout(TIMEOUT)
                .loadProbe(LoadProbeConfig.builder().build()).build();
        LoadProber p = keep(new LoadProber(config, LoadSource.NONE));
        p.recheckSoon(); // not started: nothing runs
        p.start();
        awaitRounds(p, 1);
        assertEquals(DoorState.UP, load(p, a.node()).state());
        a.close();
        assertEquals(DoorState.UP, load(p, a.node()).state(), "no round has looked since");
        p.recheckSoon();
        awaitRounds(p, 2);
        assertEquals(DoorState.DEAD, load(p, a.node()).state(), load(p, a.node()).detail());
        assertEquals(DoorState.UP, load(p, b.node()).state());
    }

    @Test
    void aDoorNotHeardFromAgesOutToDead() throws Exception {
        FakeFtpServer a = door("220 a ready");
        AtomicInteger calls = new AtomicInteger();
        LoadSource firstThenHang = (door, timeout) -> {
            if (calls.incrementAndGet() > 1) {
                try {
                    Thread.sleep(60_000); // ignores its timeout: the round's deadline must cut it off
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new LoadSample(1, 10, Double.NaN, Double.NaN, Double.NaN);
        };
        LoadProber p = prober(firstThenHang, prometheus().doorEndpoints(a.node(), List.of("http://127.0.0.1:1/"))
                .staleIntervals(1).deadIntervals(2), a.node()).start();
        awaitRounds(p, 1);
        assertEquals(DoorState.UP, load(p, a.node()).state());
        Set<DoorState> seen = new HashSet<>();
        await(() -> {
            seen.add(load(p, a.node()).state());
            return load(p, a.node()).state() == DoorState.DEAD;
        }, "dead after 2 intervals without an answer");
        assertEquals("not heard from in 2 probe intervals", load(p, a.node()).detail());
        assertFalse(seen.contains(DoorState.FULL));
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    private static String captureStderr(Runnable r) {
        PrintStream before = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(before);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        before.print(out);
        return out;
    }
}

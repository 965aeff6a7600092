package org.opensrm.server.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The fault benchmark of issue 21, point 7 ({@code benchmarks/run-faults}): a mixed gfal2-shaped load
 * ({@link MixedLoad}: put, two-file get, srmLs and gfal-copy cycles) through HAProxy in front of three frontends on one
 * PostgreSQL ({@link ThreeBalancedFrontends}) while, one after the other, frontend Q is killed with SIGKILL,
 * PostgreSQL is stopped and started again, and a GridFTP door is killed. Reports requests accepted, cycles finished,
 * failed by status, lost, and the time until Q's queued work was served again. Not a test: run by hand.
 *
 * <p>Arguments: {@code --clients N} (4), {@code --phase SECONDS} (30: load before the first fault and after each),
 * {@code --outage SECONDS} (10: PostgreSQL down), {@code --delay SECONDS} (10: {@code srm.frontend.takeover.delay}),
 * {@code --out DIR} (summary.md written there).
 */
public final class FaultBenchmark {
    private record Mark(String what, long at) {
    }

    private FaultBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int clients = 4;
        int phase = 30;
        int outage = 10;
        int delay = 10;
        Path out = Path.of(".");
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--clients" -> clients = Integer.parseInt(v);
                case "--phase" -> phase = Integer.parseInt(v);
                case "--outage" -> outage = Integer.parseInt(v);
                case "--delay" -> delay = Integer.parseInt(v);
                case "--out" -> out = Path.of(v);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Files.createDirectories(out);
        String summary = run(clients, phase, outage, delay);
        Files.writeString(out.resolve("summary.md"), summary, StandardCharsets.UTF_8);
        System.out.print(summary);
        System.exit(0); // the frontends' and clients' non-daemon threads are stopped; nothing else to wait for
    }

    private static void progress(String message) {
        System.out.printf("[run-faults %s] %s%n", Instant.now().toString().substring(11, 19), message);
    }

    private static String run(int clients, int phase, int outage, int delay) throws Exception {
        long t0 = System.nanoTime();
        progress("starting PostgreSQL, two GridFTP doors, frontends a and b (this JVM), q (its own JVM), HAProxy");
        ThreeBalancedFrontends started = ThreeBalancedFrontends.start(Map.of("srm.frontend.takeover.delay",
                delay + "s"));
        AtomicBoolean closed = new AtomicBoolean();
        Thread hook = new Thread(() -> { // SIGTERM (the script's time limit, ^C): stop every process started here
            if (closed.compareAndSet(false, true)) {
                try {
                    started.close();
                } catch (Exception e) {
                    System.err.println("run-faults: not everything stopped: " + e);
                }
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try (ThreeBalancedFrontends all = started) {
            E2eSite site = all.site();
            List<Mark> marks = new ArrayList<>();
            long loadFrom = System.nanoTime();
            progress("all three UP at the balancer after " + seconds(loadFrom - t0) + " s; " + clients
                    + " clients start");
            MixedLoad load = MixedLoad.start(site, all.port(), clients,
                    List.of(MixedLoad.Kind.PUT, MixedLoad.Kind.GET, MixedLoad.Kind.LS, MixedLoad.Kind.GFAL),
                    Duration.ofMinutes(4));
            StringBuilder faults = new StringBuilder();
            try {
                marks.add(new Mark("load", loadFrom));
                pause(phase);

                // 1. frontend q killed with SIGKILL, with queued work
                List<String> onQ = all.activeTokensOf(ThreeBalancedFrontends.Q);
                long waitQ = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (onQ.isEmpty() && System.nanoTime() < waitQ) {
                    TimeUnit.MILLISECONDS.sleep(200);
                    onQ = all.activeTokensOf(ThreeBalancedFrontends.Q);
                }
                all.frontendQ().kill();
                long killed = System.nanoTime();
                marks.add(new Mark("frontend q killed (SIGKILL)", killed));
                progress("frontend q killed with " + onQ.size() + " queued request(s)");
                long first = 0;
                long last = 0;
                long waitServed = killed + TimeUnit.SECONDS.toNanos(delay + 120L);
                List<String> unserved = new ArrayList<>(onQ);
                while (!unserved.isEmpty() && System.nanoTime() < waitServed) {
                    for (String token : List.copyOf(unserved)) {
                        MixedLoad.Cycle c = load.byToken(token);
                        if (c != null && (c.settledAt != 0 || c.ended())) {
                            long at = c.settledAt != 0 ? c.settledAt : c.endedAt;
                            first = first == 0 ? at : Math.min(first, at);
                            last = Math.max(last, at);
                            unserved.remove(token);
                        }
                    }
                    TimeUnit.MILLISECONDS.sleep(100);
                }
                faults.append(String.format(Locale.ROOT, "| frontend q killed (SIGKILL) | %d request(s) queued on q"
                        + " | first served again %s s after the kill, all %s s (take-over delay %d s)%s |%n",
                        onQ.size(), first == 0 ? "-" : seconds(first - killed), last == 0 ? "-"
                                : seconds(last - killed), delay, unserved.isEmpty() ? "" : "; NOT SERVED: "
                                + unserved));
                pause(phase);

                // 2. PostgreSQL stopped for the outage, then started
                all.postgres().stop();
                long down = System.nanoTime();
                marks.add(new Mark("PostgreSQL stopped", down));
                progress("PostgreSQL stopped for " + outage + " s");
                pause(outage);
                all.postgres().start();
                long up = System.nanoTime();
                marks.add(new Mark("PostgreSQL started", up));
                Duration back = Duration.ZERO;
                try {
                    all.haproxy().awaitState(ThreeBalancedFrontends.A, "UP", Duration.ofSeconds(120));
                    all.haproxy().awaitState(ThreeBalancedFrontends.B, "UP", Duration.ofSeconds(120));
                    back = Duration.ofNanos(System.nanoTime() - up);
                } catch (AssertionError e) {
                    progress("frontends not back: " + e.getMessage());
                }
                long firstAfter = firstFinishedAfter(load, up, Duration.ofSeconds(120));
                faults.append(String.format(Locale.ROOT, "| PostgreSQL stopped %d s, then started | - | a and b"
                        + " ready at the balancer %s s after the start; first cycle finished %s s after it |%n",
                        outage, seconds(back.toNanos()), firstAfter == 0 ? "-" : seconds(firstAfter - up)));
                progress("PostgreSQL back; frontends ready after " + seconds(back.toNanos()) + " s");
                pause(phase);

                // 3. a GridFTP door killed (with its sessions)
                site.doorA().kill();
                long doorDied = System.nanoTime();
                marks.add(new Mark("GridFTP door a killed", doorDied));
                progress("GridFTP door a killed");
                long firstAfterDoor = firstFinishedAfter(load, doorDied, Duration.ofSeconds(120));
                faults.append(String.format(Locale.ROOT, "| GridFTP door a killed | - | first cycle finished %s s"
                        + " after it (through door b) |%n", firstAfterDoor == 0 ? "-"
                        : seconds(firstAfterDoor - doorDied)));
                pause(phase);
                marks.add(new Mark("drain", System.nanoTime()));
                progress("load stops; clients end their cycles (at most 5 min)");
                boolean drained = load.drain(Duration.ofMinutes(5));
                load.verify();
                return report(all, load, marks, faults.toString(), drained, clients, phase, outage, delay,
                        System.nanoTime() - t0);
            } finally {
                load.close();
            }
        } finally {
            closed.set(true);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook finds everything closed
            }
        }
    }

    /** The end of the first cycle that finished after {@code after}, waiting up to {@code within}; 0 if none. */
    private static long firstFinishedAfter(MixedLoad load, long after, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            long first = load.cycles().stream().filter(c -> MixedLoad.FINISHED.equals(c.outcome)
                    && c.endedAt > after && c.kind != MixedLoad.Kind.LS).mapToLong(c -> c.endedAt).min().orElse(0);
            if (first != 0) {
                return first;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return 0;
    }

    /** The load runs on for {@code s} seconds: the benchmark's phases are spans of time. */
    private static void pause(int s) throws InterruptedException {
        TimeUnit.SECONDS.sleep(s);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    private static String report(ThreeBalancedFrontends all, MixedLoad load, List<Mark> marks, String faults,
                                 boolean drained, int clients, int phase, int outage, int delay, long nanos)
            throws Exception {
        List<MixedLoad.Cycle> cycles = load.cycles();
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "## Fault benchmark (issue 21, point 7)%n%n%d clients through HAProxy to"
                + " frontends a, b (one JVM) and q (its own) on one PostgreSQL; phases of %d s, outage %d s, take-over"
                + " delay %d s; %s s in all%n%n", clients, phase, outage, delay,
                seconds(nanos)));
        s.append("| phase (from) | cycles started | requests accepted (token) | finished | failed | lost |\n");
        s.append("|---|---|---|---|---|---|\n");
        for (int i = 0; i < marks.size(); i++) {
            long from = marks.get(i).at();
            long to = i + 1 < marks.size() ? marks.get(i + 1).at() : Long.MAX_VALUE;
            List<MixedLoad.Cycle> in = cycles.stream().filter(c -> c.startedAt >= from && c.startedAt < to).toList();
            s.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d |%n", marks.get(i).what(), in.size(),
                    in.stream().filter(MixedLoad.Cycle::accepted).count(),
                    in.stream().filter(c -> MixedLoad.FINISHED.equals(c.outcome)).count(),
                    in.stream().filter(c -> c.ended() && !MixedLoad.FINISHED.equals(c.outcome)).count(),
                    in.stream().filter(c -> c.lost != null).count()));
        }
        long accepted = cycles.stream().filter(MixedLoad.Cycle::accepted).count();
        long lost = cycles.stream().filter(c -> c.lost != null).count();
        s.append(String.format(Locale.ROOT, "| **all** | %d | %d | %d | %d | **%d** |%n%n", cycles.size(), accepted,
                cycles.stream().filter(c -> MixedLoad.FINISHED.equals(c.outcome)).count(),
                cycles.stream().filter(c -> c.ended() && !MixedLoad.FINISHED.equals(c.outcome)).count(), lost));
        s.append("| fault | work held | recovery |\n|---|---|---|\n").append(faults).append('\n');
        s.append("How the cycles ended (call and status):\n\n");
        Map<String, Integer> outcomes = load.outcomes();
        outcomes.forEach((k, v) -> s.append("- ").append(k).append(": ").append(v).append('\n'));
        Map<String, Integer> twice = new TreeMap<>();
        all.doorTransfers().forEach((file, n) -> {
            if (n > 1) {
                twice.put(file, n);
            }
        });
        s.append(String.format(Locale.ROOT, "%nPolls not answered or answered SRM_INTERNAL_ERROR (asked again): %d."
                + " Files moved more than once at the doors: %d%s. Clients ended in time: %s.%n",
                cycles.stream().mapToInt(c -> c.unanswered.get()).sum(), twice.size(),
                twice.isEmpty() ? "" : " " + twice, drained ? "yes" : "NO"));
        List<String> lostOnes = cycles.stream().filter(c -> c.lost != null).map(MixedLoad.Cycle::toString).toList();
        if (!lostOnes.isEmpty()) {
            s.append("\nLost:\n");
            lostOnes.forEach(l -> s.append("- ").append(l).append('\n'));
        }
        return s.toString();
    }
}

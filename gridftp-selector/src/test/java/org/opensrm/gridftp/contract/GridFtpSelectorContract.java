package org.opensrm.gridftp.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.NodeHealth;

/**
 * The contract every {@link GridFtpSelector} keeps. Bind it by extending this class, implementing
 * {@link #newSelector} and declaring the policy's {@link #distribution()} as data.
 */
public abstract class GridFtpSelectorContract {

    /** What a policy promises about how calls spread over the up nodes. */
    public enum Distribution {
        /** Successive calls cycle through the up nodes in configuration order; concurrent totals are exact. */
        STRICT_ROTATION,
        /** Every up node is equally likely on each call. */
        UNIFORM
    }

    protected static final GridFtpNode A = new GridFtpNode("gftp-a.example.org", 2811);
    protected static final GridFtpNode B = new GridFtpNode("gftp-b.example.org", 2811);
    protected static final GridFtpNode C = new GridFtpNode("gftp-c.example.org", 2812);
    protected static final GridFtpNode D = new GridFtpNode("gftp-d.example.org", 2811);
    protected static final List<GridFtpNode> NODES = List.of(A, B, C);

    private final List<GridFtpSelector> opened = new ArrayList<>();

    /** A new selector over {@code nodes} (configuration order) that reads {@code health}. */
    protected abstract GridFtpSelector newSelector(List<GridFtpNode> nodes, NodeHealth health);

    /** The distribution this policy promises. */
    protected abstract Distribution distribution();

    protected final GridFtpSelector selector(List<GridFtpNode> nodes, NodeHealth health) {
        GridFtpSelector s = newSelector(nodes, health);
        opened.add(s);
        return s;
    }

    @AfterEach
    void closeSelectors() {
        opened.forEach(GridFtpSelector::close);
    }

    @Test
    @DisplayName("returns only configured nodes")
    void returnsOnlyConfiguredNodes() throws SrmException {
        GridFtpSelector s = selector(NODES, NodeHealth.ALWAYS_UP);
        for (int i = 0; i < 300; i++) {
            assertTrue(NODES.contains(s.select()));
        }
    }

    @Test
    @DisplayName("a single configured node is always chosen")
    void singleNode() throws SrmException {
        GridFtpSelector s = selector(List.of(D), NodeHealth.ALWAYS_UP);
        for (int i = 0; i < 10; i++) {
            assertEquals(D, s.select());
        }
    }

    @Test
    @DisplayName("skips down nodes, and uses them again once up")
    void skipsDownNodes() throws SrmException {
        SwitchableHealth health = new SwitchableHealth().down(B);
        GridFtpSelector s = selector(NODES, health);
        Map<GridFtpNode, Integer> counts = count(s, 300);
        assertEquals(Set.of(A, C), counts.keySet());

        health.down(A);
        assertEquals(Set.of(C), count(s, 50).keySet());

        health.up(A, B);
        assertEquals(Set.copyOf(NODES), count(s, 300).keySet());
    }

    @Test
    @DisplayName("all nodes down -> SRM_FAILURE naming the nodes")
    void allDownIsFailure() {
        SwitchableHealth health = new SwitchableHealth().down(A, B, C);
        GridFtpSelector s = selector(NODES, health);
        SrmException e = assertThrows(SrmException.class, s::select);
        assertEquals(SrmStatus.SRM_FAILURE, e.status());
        assertTrue(e.getMessage().startsWith("no GridFTP node is reachable ("), e.getMessage());
        assertTrue(e.getMessage().contains(A.toString()), e.getMessage());
    }

    @Test
    @DisplayName("over many calls every up node is used")
    void everyUpNodeIsUsed() throws SrmException {
        List<GridFtpNode> four = List.of(A, B, C, D);
        GridFtpSelector s = selector(four, NodeHealth.ALWAYS_UP);
        assertEquals(Set.copyOf(four), count(s, 400).keySet());
    }

    @Test
    @DisplayName("policy distribution holds (declared as data)")
    void declaredDistribution() throws SrmException {
        SwitchableHealth health = new SwitchableHealth();
        GridFtpSelector s = selector(NODES, health);
        switch (distribution()) {
            case STRICT_ROTATION:
                assertStrictRotation(s, NODES);
                health.down(B);
                assertStrictRotation(s, List.of(A, C));
                health.up(B);
                assertStrictRotation(s, NODES);
                break;
            case UNIFORM:
                assertRoughlyUniform(count(s, 30_000), NODES, 30_000);
                health.down(B);
                assertRoughlyUniform(count(s, 20_000), List.of(A, C), 20_000);
                break;
            default:
                throw new AssertionError("undeclared distribution " + distribution());
        }
    }

    @Test
    @DisplayName("safe under concurrent calls")
    void concurrentCalls() throws Exception {
        List<GridFtpNode> four = List.of(A, B, C, D);
        GridFtpSelector s = selector(four, NodeHealth.ALWAYS_UP);
        int threads = 8;
        int perThread = 5_000;
        Map<GridFtpNode, LongAdder> counts = hammer(s, threads, perThread, () -> { });
        assertEquals(Set.copyOf(four), counts.keySet());
        long total = counts.values().stream().mapToLong(LongAdder::sum).sum();
        assertEquals((long) threads * perThread, total);
        Map<GridFtpNode, Integer> plain = new HashMap<>();
        counts.forEach((n, c) -> plain.put(n, c.intValue()));
        if (distribution() == Distribution.STRICT_ROTATION) {
            plain.values().forEach(c -> assertEquals(total / four.size(), (long) c, "exact share " + plain));
        } else {
            assertRoughlyUniform(plain, four, (int) total);
        }
    }

    @Test
    @DisplayName("concurrent calls while health flips never fail nor return a node that stayed down")
    void concurrentCallsWhileHealthFlips() throws Exception {
        SwitchableHealth health = new SwitchableHealth().down(D);
        GridFtpSelector s = selector(List.of(A, B, C, D), health);
        AtomicBoolean flip = new AtomicBoolean();
        Map<GridFtpNode, LongAdder> counts = hammer(s, 4, 5_000, () -> {
            if (flip.getAndSet(!flip.get())) {
                health.down(B);
            } else {
                health.up(B);
            }
        });
        assertTrue(counts.containsKey(A) && counts.containsKey(C), counts.toString());
        assertTrue(!counts.containsKey(D), "node D was down throughout: " + counts);
    }

    private Map<GridFtpNode, LongAdder> hammer(GridFtpSelector s, int threads, int perThread, Runnable sideJob)
            throws Exception {
        Map<GridFtpNode, LongAdder> counts = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean running = new AtomicBoolean(true);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < perThread; i++) {
                        counts.computeIfAbsent(s.select(), n -> new LongAdder()).increment();
                    }
                    return null;
                }));
            }
            Future<?> side = pool.submit(() -> {
                go.await();
                while (running.get()) {
                    sideJob.run();
                    Thread.onSpinWait();
                }
                return null;
            });
            go.countDown();
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            running.set(false);
            side.get(10, TimeUnit.SECONDS);
        } finally {
            running.set(false);
            pool.shutdownNow();
        }
        return counts;
    }

    private static Map<GridFtpNode, Integer> count(GridFtpSelector s, int calls) throws SrmException {
        Map<GridFtpNode, Integer> counts = new HashMap<>();
        for (int i = 0; i < calls; i++) {
            counts.merge(s.select(), 1, Integer::sum);
        }
        return counts;
    }

    /** Each window of {@code up.size()} successive answers holds every up node once, in configuration order. */
    private static void assertStrictRotation(GridFtpSelector s, List<GridFtpNode> up) throws SrmException {
        List<GridFtpNode> seen = new ArrayList<>();
        for (int i = 0; i < up.size() * 5; i++) {
            seen.add(s.select());
        }
        int offset = up.indexOf(seen.get(0));
        assertTrue(offset >= 0, "first answer " + seen.get(0) + " is not an up node " + up);
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(up.get((offset + i) % up.size()), seen.get(i), "rotation broken at call " + i + ": " + seen);
            if (i > 0 && up.size() > 1) {
                assertNotEquals(seen.get(i - 1), seen.get(i));
            }
        }
    }

    /** Within 10% of the fair share for each up node (many standard deviations at these sample sizes). */
    private static void assertRoughlyUniform(Map<GridFtpNode, Integer> counts, List<GridFtpNode> up, int calls) {
        assertEquals(Set.copyOf(up), counts.keySet(), "nodes used");
        double fair = (double) calls / up.size();
        counts.forEach((node, c) -> assertTrue(Math.abs(c - fair) <= fair * 0.10,
                node + " got " + c + " of " + calls + ", fair share " + fair + ": " + counts));
    }
}

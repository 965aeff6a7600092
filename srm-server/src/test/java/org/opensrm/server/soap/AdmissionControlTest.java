package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opensrm.server.metrics.SrmMetrics;

class AdmissionControlTest {
    private final SrmMetrics metrics = new SrmMetrics();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong now = new AtomicLong();

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    private AdmissionControl control(int active, Map<String, Integer> perOperation, int queue, Duration wait) {
        return new AdmissionControl(active, perOperation, queue, wait, metrics, timer, now::get);
    }

    /** Records how its wait ended. */
    private static final class Call implements AdmissionControl.Waiter {
        final String name;
        final List<String> log;
        AdmissionControl.Permit permit;
        boolean refused;

        Call(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public void admitted(AdmissionControl.Permit p) {
            permit = p;
            log.add(name);
        }

        @Override
        public void refused() {
            refused = true;
            log.add(name + " refused");
        }
    }

    @Test
    void beyondTheActiveLimitAndAFullQueueTheCallIsRefusedAtOnce() {
        AdmissionControl a = control(2, Map.of(), 0, Duration.ofHours(1));
        AdmissionControl.Permit p1 = a.tryEnter("srmLs");
        AdmissionControl.Permit p2 = a.tryEnter("srmPing");
        assertNotNull(p1);
        assertNotNull(p2);
        assertEquals(2, metrics.inFlight().get());
        assertNull(a.tryEnter("srmLs"));
        List<String> log = new ArrayList<>();
        assertFalse(a.enqueue("srmLs", new Call("third", log)), "no slot and no queue: refused without waiting");
        assertEquals(List.of(), log, "a call refused at once is not called back");
        assertEquals(1, metrics.rejectedCount());
        a.exit(p1);
        AdmissionControl.Permit p3 = a.tryEnter("srmLs");
        assertNotNull(p3, "a freed slot is taken at once");
        a.exit(p2);
        a.exit(p3);
        assertEquals(0, metrics.inFlight().get());
    }

    @Test
    void aQueuedCallTakesTheSlotFreedWhileItWaitsAndHoldsNoThread() {
        AdmissionControl a = control(1, Map.of(), 1, Duration.ofMinutes(5));
        AdmissionControl.Permit held = a.tryEnter("srmLs");
        List<String> log = new ArrayList<>();
        Call queued = new Call("queued", log);
        assertTrue(a.enqueue("srmLs", queued));
        assertEquals(1, metrics.waiting().get(), "the second call waits in the queue");
        assertFalse(a.enqueue("srmLs", new Call("third", log)), "the queue holds one: the third is refused");
        a.exit(held);
        assertEquals(List.of("queued"), log, "the freed slot went to the waiting call");
        assertNotNull(queued.permit);
        assertEquals(0, metrics.waiting().get());
        assertEquals(1, metrics.inFlight().get());
        a.exit(queued.permit);
        assertEquals(0, metrics.inFlight().get());
    }

    @Test
    void aQueuedCallIsRefusedOnceItsWaitHasRunOut() {
        AdmissionControl a = control(1, Map.of(), 5, Duration.ofMillis(50));
        AdmissionControl.Permit held = a.tryEnter("srmLs");
        List<String> log = new ArrayList<>();
        Call early = new Call("early", log);
        assertTrue(a.enqueue("srmLs", early));
        now.addAndGet(Duration.ofMillis(30).toNanos());
        Call late = new Call("late", log);
        assertTrue(a.enqueue("srmPing", late));
        a.expire();
        assertEquals(List.of(), log, "nobody has waited 50 ms yet");
        now.addAndGet(Duration.ofMillis(25).toNanos());
        a.expire();
        assertEquals(List.of("early refused"), log);
        assertEquals(1, metrics.rejectedCount());
        assertEquals(1, metrics.waiting().get());
        a.exit(held);
        assertEquals(List.of("early refused", "late"), log, "the slot goes to the call still waiting");
        a.exit(late.permit);
    }

    @Test
    void theWaitEndsWithoutAnyOtherCallHappening() throws Exception {
        AdmissionControl a = new AdmissionControl(1, Map.of(), 5, Duration.ofMillis(20), metrics, timer);
        AdmissionControl.Permit held = a.tryEnter("srmLs");
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Call queued = new Call("queued", log);
        assertTrue(a.enqueue("srmLs", queued));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (log.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(List.of("queued refused"), log, "the timer refused the call while the slot stayed taken");
        a.exit(held);
    }

    @Test
    void anOperationLimitBoundsThatOperationOnly() {
        AdmissionControl a = control(10, Map.of("srmLs", 1), 0, Duration.ZERO);
        AdmissionControl.Permit ls = a.tryEnter("srmLs");
        assertNotNull(ls);
        assertNull(a.tryEnter("srmLs"), "one listing at a time");
        assertEquals(1, metrics.inFlight().get(), "the refused listing took no general slot");
        AdmissionControl.Permit ping = a.tryEnter("srmPing");
        assertNotNull(ping, "other operations are not held up by the listing limit");
        a.exit(ls);
        assertNotNull(a.tryEnter("srmLs"));
        a.exit(ping);
    }

    @Test
    void waitingCallsAreAdmittedInArrivalOrderAndNoNewCallTakesTheirSlot() {
        AdmissionControl a = control(2, Map.of("srmLs", 1), 10, Duration.ofMinutes(1));
        AdmissionControl.Permit ls = a.tryEnter("srmLs");
        AdmissionControl.Permit ping = a.tryEnter("srmPing");
        List<String> log = new ArrayList<>();
        Call ls2 = new Call("ls2", log);
        Call put = new Call("put", log);
        Call ls3 = new Call("ls3", log);
        Call rm = new Call("rm", log);
        for (Call c : List.of(ls2, put, ls3, rm)) {
            assertTrue(a.enqueue(c.name.startsWith("ls") ? "srmLs" : "srmOther", c));
        }
        a.exit(ping);
        assertEquals(List.of("put"), log, "ls2 is older but the listing limit is reached: put goes first");
        assertNull(a.tryEnter("srmRm"), "a new call does not pass rm, which waits");
        a.exit(ls);
        assertEquals(List.of("put", "ls2"), log, "the oldest waiting call that may run");
        a.exit(put.permit);
        assertEquals(List.of("put", "ls2", "rm"), log, "ls3 must wait for ls2; rm may run");
        a.exit(ls2.permit);
        assertEquals(List.of("put", "ls2", "rm", "ls3"), log);
        a.exit(rm.permit);
        a.exit(ls3.permit);
        assertEquals(0, metrics.inFlight().get());
        assertEquals(0, a.queued());
    }

    @Test
    void closingRefusesTheWaitingCallsAndAPermitIsReleasedOnce() {
        AdmissionControl a = control(1, Map.of(), 3, Duration.ofMinutes(1));
        AdmissionControl.Permit held = a.tryEnter("srmLs");
        List<String> log = new ArrayList<>();
        a.enqueue("srmLs", new Call("one", log));
        a.enqueue("srmPing", new Call("two", log));
        a.close();
        assertEquals(List.of("one refused", "two refused"), log.stream().sorted().toList());
        assertEquals(0, metrics.waiting().get());
        a.exit(held);
        assertThrows(IllegalStateException.class, () -> a.exit(held));
    }

    @Test
    void memoryBeyondTheBudgetIsRefusedWhileOtherCallsHoldSomeAndGivenBack() {
        AdmissionControl a = new AdmissionControl(4, Map.of(), 0, Duration.ofHours(1), 1000, metrics, timer,
                now::get);
        assertTrue(a.reserve(600));
        assertTrue(a.reserve(400), "up to the budget");
        assertFalse(a.reserve(1), "beyond it");
        assertEquals(1, metrics.rejectedCount(), "a refusal counts as rejected");
        a.release(400);
        assertFalse(a.reserve(401));
        assertTrue(a.reserve(400));
        a.release(400);
        a.release(600);
        assertEquals(0, a.reservedBytes());
        assertTrue(a.reserve(5000), "a call alone is never refused for its size");
        assertTrue(a.reserve(7000, 5000), "nor when it asks for more");
        assertFalse(a.reserve(1));
        a.release(12000);
        assertEquals(0, a.reservedBytes());
    }
}

package org.opensrm.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AdmissionControlTest {
    private final SrmMetrics metrics = new SrmMetrics();

    @Test
    void beyondTheActiveLimitAndAFullQueueTheCallIsRefusedAtOnce() throws Exception {
        AdmissionControl a = new AdmissionControl(2, Map.of(), 0, Duration.ofHours(1), metrics);
        AdmissionControl.Permit p1 = a.enter("srmLs");
        AdmissionControl.Permit p2 = a.enter("srmPing");
        assertNotNull(p1);
        assertNotNull(p2);
        assertEquals(2, metrics.inFlight().get());
        assertNull(a.enter("srmLs"), "no slot and no queue: refused without waiting the hour");
        assertEquals(1, metrics.rejectedCount());
        a.exit(p1);
        AdmissionControl.Permit p3 = a.enter("srmLs");
        assertNotNull(p3, "a freed slot is taken at once");
        a.exit(p2);
        a.exit(p3);
        assertEquals(0, metrics.inFlight().get());
    }

    @Test
    void aQueuedCallTakesTheSlotFreedWhileItWaits() throws Exception {
        AdmissionControl a = new AdmissionControl(1, Map.of(), 1, Duration.ofMinutes(5), metrics);
        AdmissionControl.Permit held = a.enter("srmLs");
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<AdmissionControl.Permit> queued = CompletableFuture.supplyAsync(() -> {
            waiting.countDown();
            try {
                return a.enter("srmLs");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        waiting.await();
        while (metrics.waiting().get() == 0 && !queued.isDone()) {
            Thread.onSpinWait();
        }
        assertEquals(1, metrics.waiting().get(), "the second call waits in the queue");
        assertNull(a.enter("srmLs"), "the queue holds one: the third is refused");
        a.exit(held);
        AdmissionControl.Permit got = queued.get(30, TimeUnit.SECONDS);
        assertNotNull(got);
        assertEquals(0, metrics.waiting().get());
        a.exit(got);
    }

    @Test
    void aQueuedCallGivesUpAfterTheWait() throws Exception {
        AdmissionControl a = new AdmissionControl(1, Map.of(), 5, Duration.ofMillis(50), metrics);
        AdmissionControl.Permit held = a.enter("srmLs");
        assertNull(a.enter("srmLs"));
        assertEquals(1, metrics.rejectedCount());
        assertEquals(0, metrics.waiting().get());
        a.exit(held);
    }

    @Test
    void anOperationLimitBoundsThatOperationOnly() throws Exception {
        AdmissionControl a = new AdmissionControl(10, Map.of("srmLs", 1), 0, Duration.ZERO, metrics);
        AdmissionControl.Permit ls = a.enter("srmLs");
        assertNotNull(ls);
        assertNull(a.enter("srmLs"), "one listing at a time");
        assertEquals(1, metrics.inFlight().get(), "the refused listing gave its general slot back");
        AdmissionControl.Permit ping = a.enter("srmPing");
        assertNotNull(ping, "other operations are not held up by the listing limit");
        a.exit(ls);
        assertNotNull(a.enter("srmLs"));
        a.exit(ping);
    }
}

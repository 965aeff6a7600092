package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.soap.SoapCalls;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;

/**
 * The server with one processing slot, held by an srmLs inside the backend, a queue of {@value #QUEUE} and only
 * {@value #THREADS} pool threads. A call that finds the slot taken waits in the queue without a thread: a real
 * gfal-ls waits (it is not answered "busy", so it does not retry) and lists once the slot is free; more queued calls
 * than there are threads do not stop the server from reading the next one and answering it "busy" at once when the
 * queue is full; and a call whose wait runs out is answered "busy".
 */
@Timeout(300)
@Tag("integration")
class QueuedCallsTest {
    private static final String HELD = "/alice/slot-holder";
    private static final int QUEUE = 40;
    private static final int THREADS = 12;

    static E2eSite site;
    static HoldingBackend backend;
    static SrmClients alice;
    static SrmSoap soap;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.requests.active.max", "1", "srm.requests.queue.max", String.valueOf(QUEUE),
                "srm.requests.queue.wait", "120s", "srm.ls.active.max", "1", "jetty.threads.min", "4",
                "jetty.threads.max", String.valueOf(THREADS)), b -> {
                    backend = new HoldingBackend(b, HELD);
                    return backend;
                });
        alice = site.clients(site.alice());
        soap = new SrmSoap(site, site.alice());
        Files.writeString(site.onDisk(HELD), "held\n");
        Path listed = Files.createDirectory(site.onDisk("/alice/queued"));
        Files.writeString(listed.resolve("a.dat"), "a\n");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void gfalLsWaitsInTheQueueAndListsOnceTheSlotIsFree() throws Exception {
        RunningClient ls;
        long rejectedBefore = rejected();
        try (TakenSlot slot = takeSlot()) {
            ls = alice.start(List.of("gfal-ls", site.surl("/alice/queued")));
            awaitWaiting(1, ls);
            assertTrue(ls.isRunning(), "gfal-ls waits for its answer");
            assertTrue(slot.stillTaken());
        }
        ClientRun run = ls.await();
        assertTrue(run.ok(), run.describe());
        assertEquals(List.of("a.dat"), GfalOutput.results(run), run.describe());
        assertEquals(rejectedBefore, rejected(), "nothing was answered busy");
    }

    @Test
    void queuedCallsHoldNoThreadSoTheOneBeyondTheQueueIsAnsweredBusyAtOnce() throws Exception {
        List<CompletableFuture<HttpgResponse>> queued = new ArrayList<>();
        try (TakenSlot slot = takeSlot()) {
            for (int i = 0; i < QUEUE; i++) {
                queued.add(lsAsync("/alice/queued"));
            }
            awaitWaiting(QUEUE, null);
            assertTrue(QUEUE > 3 * THREADS, "more calls wait than the pool has threads");
            HttpgResponse busy = soap.ls(site.surl("/alice/queued"), true, 1, -1, -1);
            assertEquals("SRM_INTERNAL_ERROR", busy.text("srmLsResponse/returnStatus/statusCode"), busy.toString());
            assertEquals(SoapCalls.BUSY, busy.text("srmLsResponse/returnStatus/explanation"), busy.toString());
            assertTrue(slot.stillTaken(), "answered while every queued call still waited");
            assertEquals(QUEUE, site.server().metrics().waiting().get());
        }
        for (CompletableFuture<HttpgResponse> call : queued) {
            HttpgResponse r = call.get(120, TimeUnit.SECONDS);
            assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
        }
    }

    @Test
    void aCallWhoseWaitRunsOutIsAnsweredBusy() throws Exception {
        HoldingBackend[] holding = new HoldingBackend[1];
        try (E2eSite shortWait = E2eSite.start(Map.of("srm.requests.active.max", "1", "srm.requests.queue.max", "5",
                "srm.requests.queue.wait", "1s"), b -> {
                    holding[0] = new HoldingBackend(b, HELD);
                    return holding[0];
                })) {
            Files.writeString(shortWait.onDisk(HELD), "held\n");
            SrmSoap client = new SrmSoap(shortWait, shortWait.alice());
            try (TakenSlot slot = TakenSlot.take(holding[0], client, shortWait, HELD)) {
                long before = shortWait.server().metrics().rejectedCount();
                HttpgResponse busy = client.ls(shortWait.surl("/alice"), true, 1, -1, -1);
                assertEquals("SRM_INTERNAL_ERROR", busy.text("srmLsResponse/returnStatus/statusCode"), busy.toString());
                assertEquals(SoapCalls.BUSY, busy.text("srmLsResponse/returnStatus/explanation"), busy.toString());
                assertEquals(before + 1, shortWait.server().metrics().rejectedCount());
                assertTrue(slot.stillTaken(), "the wait ended while the slot was still taken");
            }
        }
    }

    private static CompletableFuture<HttpgResponse> lsAsync(String path) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return soap.ls(site.surl(path), true, 1, -1, -1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, runnable -> new Thread(runnable, "queued-ls").start());
    }

    private static long rejected() {
        return site.server().metrics().rejectedCount();
    }

    /** Waits until {@code count} calls wait for a slot (or the client, if any, has ended). */
    private static void awaitWaiting(int count, RunningClient client) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (site.server().metrics().waiting().get() < count && (client == null || client.isRunning())
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(count, site.server().metrics().waiting().get(), "calls waiting for the slot");
    }

    private static TakenSlot takeSlot() throws InterruptedException {
        return TakenSlot.take(backend, soap, site, HELD);
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
 * {@code srm.requests.memory.max} at its smallest (1 MiB), below what one srmLs is estimated to hold (its answer may
 * carry a 1,000-entry listing, 2 MB): an srmLs held inside the backend runs (a call alone is never refused for its
 * size), and while it holds its share every other call is answered "busy" in its own response type, with slots
 * free; a real gfal-ls retries that answer and lists once the memory is given back.
 */
@Timeout(300)
@Tag("integration")
class MemoryBudgetTest {
    private static final String HELD = "/alice/memory-holder";

    static E2eSite site;
    static HoldingBackend backend;
    static SrmSoap soap;
    static SrmClients alice;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.requests.memory.max", "1048576", "srm.requests.active.max", "64"), b -> {
            backend = new HoldingBackend(b, HELD);
            return backend;
        });
        soap = new SrmSoap(site, site.alice());
        alice = site.clients(site.alice());
        Files.writeString(site.onDisk(HELD), "held\n");
        Path listed = Files.createDirectory(site.onDisk("/alice/listed"));
        Files.writeString(listed.resolve("a.dat"), "a\n");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void whileOneCallHoldsTheBudgetOthersAreBusyAndGfalLsListsOnceItIsGivenBack() throws Exception {
        RunningClient ls;
        try (TakenSlot holder = TakenSlot.take(backend, soap, site, HELD)) {
            assertTrue(metric("srm_requests_memory_bytes") > 1_048_576, site.server().metrics().render());
            HttpgResponse busy = soap.ls(site.surl("/alice/listed"), true, 1, -1, -1);
            assertEquals("SRM_INTERNAL_ERROR", busy.text("srmLsResponse/returnStatus/statusCode"), busy::toString);
            assertEquals(SoapCalls.BUSY, busy.text("srmLsResponse/returnStatus/explanation"), busy::toString);
            assertEquals(1, site.server().metrics().inFlight().get(), "slots were free: memory refused it");

            long rejected = site.server().metrics().rejectedCount();
            ls = alice.start(List.of("gfal-ls", site.surl("/alice/listed")));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (site.server().metrics().rejectedCount() == rejected && ls.isRunning()
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(ls.isRunning(), "gfal-ls was answered busy and retries");
            assertTrue(holder.stillTaken());
        }
        ClientRun run = ls.await();
        assertTrue(run.ok(), run.describe());
        assertEquals(List.of("a.dat"), GfalOutput.results(run), run.describe());
        assertEquals(0, metric("srm_requests_memory_bytes"), "every call gave its share back");
    }

    private static long metric(String name) {
        return site.server().metrics().render().lines().filter(l -> l.startsWith(name + " "))
                .mapToLong(l -> (long) Double.parseDouble(l.substring(name.length() + 1).trim())).sum();
    }
}

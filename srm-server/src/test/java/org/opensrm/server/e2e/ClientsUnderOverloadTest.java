package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
 * The server full: one processing slot ({@code srm.requests.active.max=1}), no queue, and that slot taken by an
 * srmLs held inside the backend. Every other call is then answered at once with request status
 * {@code SRM_INTERNAL_ERROR} "the server is busy: retry later" in a normal SOAP response, and the real clients show
 * what they make of it (docs/overload.md): gfal2 retries with back-off and succeeds once the slot is free; ARC
 * reports a temporary error at once, and its {@code -R} retries follow each other without a pause. "At once" is
 * shown by order, never by a clock: the client was answered, and came back or gave up, while the slot was still
 * taken.
 */
@Timeout(300)
@Tag("integration")
class ClientsUnderOverloadTest {
    private static final String HELD = "/alice/slot-holder";

    static E2eSite site;
    static HoldingBackend backend;
    static SrmClients alice;
    static SrmSoap soap;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.requests.active.max", "1", "srm.requests.queue.max", "0",
                "srm.ls.active.max", "1"), b -> {
                    backend = new HoldingBackend(b, HELD);
                    return backend;
                });
        alice = site.clients(site.alice());
        soap = new SrmSoap(site, site.alice());
        local = site.scratch("overload");
        Files.writeString(site.onDisk(HELD), "held\n");
        Path listed = Files.createDirectory(site.onDisk("/alice/listed"));
        Files.writeString(listed.resolve("a.dat"), "a\n");
        Files.writeString(listed.resolve("b.dat"), "b\n");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aRefusedCallIsANormalSoapAnswerWithSrmInternalError() throws Exception {
        try (TakenSlot slot = takeSlot()) {
            HttpgResponse busy = soap.ls(site.surl("/alice/listed"), true, 0, -1, -1);
            assertEquals(200, busy.status(), busy.toString());
            assertEquals("SRM_INTERNAL_ERROR", busy.text("srmLsResponse/returnStatus/statusCode"), busy.toString());
            assertEquals(SoapCalls.BUSY, busy.text("srmLsResponse/returnStatus/explanation"), busy.toString());
            assertTrue(slot.stillTaken(), "answered while the slot was taken");
        }
    }

    @Test
    void gfalLsRetriesTheBusyAnswerAndListsOnceTheSlotIsFree() throws Exception {
        RunningClient ls;
        try (TakenSlot slot = takeSlot()) {
            long before = rejected();
            ls = alice.start(List.of("gfal-ls", site.surl("/alice/listed")));
            awaitRejections(before + 2, ls);
            assertTrue(ls.isRunning(), "gfal-ls was answered busy, and is retrying rather than failing");
            assertTrue(slot.stillTaken());
        }
        ClientRun run = ls.await();
        assertTrue(run.ok(), run.describe());
        assertEquals(List.of("a.dat", "b.dat"), GfalOutput.results(run).stream().sorted().toList(), run.describe());
    }

    @Test
    void gfalCopyRetriesTheBusyAnswerAndUploadsOnceTheSlotIsFree() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("up.bin"), 300_000, 61);
        RunningClient cp;
        try (TakenSlot slot = takeSlot()) {
            long before = rejected();
            cp = alice.start(List.of("gfal-copy", "file://" + source, site.surl("/alice/uploaded.bin")));
            awaitRejections(before + 2, cp);
            assertTrue(cp.isRunning(), "gfal-copy was answered busy, and is retrying rather than failing");
            assertTrue(slot.stillTaken());
        }
        ClientRun run = cp.await();
        assertTrue(run.ok(), run.describe());
        assertEquals(-1L, Files.mismatch(source, site.onDisk("/alice/uploaded.bin")), "identical content");
    }

    @Test
    void arcReportsATemporaryErrorAtOnceAndListsOnceTheSlotIsFree() throws Exception {
        try (TakenSlot slot = takeSlot()) {
            ClientRun refused = alice.arc("arcls", "-t", "30", site.surl("/alice/listed"));
            assertTrue(slot.stillTaken(), "arcls was answered and gave up while the slot was taken");
            assertEquals(1, refused.exitCode(), refused.describe());
            assertTrue(refused.stderr().contains("Resource temporarily unavailable: " + SoapCalls.BUSY),
                    refused.describe());
            assertTrue(refused.stderr().contains("This seems like a temporary error, please try again later"),
                    refused.describe());
        }
        ClientRun ls = alice.arc("arcls", "-t", "30", site.surl("/alice/listed"));
        assertTrue(ls.ok(), ls.describe());
        assertEquals(List.of("a.dat", "b.dat"), ls.stdout().lines().map(String::strip).sorted().toList(),
                ls.describe());
    }

    @Test
    void arccpRetriesWithoutPausingSoItsRetriesAreSpentWhileTheSlotIsTaken() throws Exception {
        Path source = OnDisk.randomFile(local.resolve("arc-up.bin"), 100_000, 62);
        try (TakenSlot slot = takeSlot()) {
            long before = rejected();
            ClientRun cp = alice.arc("arccp", "-R", "2", "-t", "30", source.toString(),
                    site.surl("/alice/arc-uploaded.bin"));
            assertTrue(slot.stillTaken(), "all three attempts were answered while the slot was taken");
            assertEquals(1, cp.exitCode(), cp.describe());
            assertTrue(cp.stderr().contains("Resource temporarily unavailable: " + SoapCalls.BUSY), cp.describe());
            assertTrue(rejected() - before >= 3, "one refused srmPrepareToPut per attempt: " + (rejected() - before)
                    + "\n" + cp.describe());
            assertFalse(Files.exists(site.onDisk("/alice/arc-uploaded.bin")));
        }
        ClientRun cp = alice.arc("arccp", "-t", "60", source.toString(), site.surl("/alice/arc-uploaded.bin"));
        assertTrue(cp.ok(), cp.describe());
        assertEquals(-1L, Files.mismatch(source, site.onDisk("/alice/arc-uploaded.bin")), "identical content");
    }

    private static long rejected() {
        return site.server().metrics().rejectedCount();
    }

    /** Waits until the server has refused {@code count} calls in all, or the client has ended. */
    private static void awaitRejections(long count, RunningClient client) throws InterruptedException {
        while (rejected() < count && client.isRunning()) {
            Thread.sleep(50);
        }
        assertTrue(rejected() >= count, "refused " + rejected() + " calls, expected " + count + "; the client "
                + (client.isRunning() ? "runs" : "ended:\n" + client.await().describe()));
    }

    private static TakenSlot takeSlot() throws InterruptedException {
        return TakenSlot.take(backend, soap, site, HELD);
    }
}

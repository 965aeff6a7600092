package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Tag;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.NoProcessLeftBehind;
import org.opensrm.testkit.RunningClient;
import org.opensrm.testkit.SrmClients;

/**
 * A GridFTP door killed (SIGKILL to the daemon and its session processes) in the middle of an upload. gfal-copy
 * streams from a pipe, so the transfer certainly runs when the door that serves it dies. The copy fails; gfal2
 * aborts the put, so no file is at the SURL and no data stays in the staging area. The abort has the server probe
 * the door of the put's TURL at once, so the retries that follow (round-robin over two doors, the background probe
 * set to an hour so that it cannot be what notices) all get the live door and succeed.
 */
@Timeout(300)
@ExtendWith(NoProcessLeftBehind.class)
@Tag("integration")
class DoorKilledDuringUploadTest {
    private static final int RETRIES = 4;

    static E2eSite site;
    static SrmClients alice;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("gridftp.probe.interval", "1h"));
        alice = site.clients(site.alice());
        local = site.scratch("door-killed");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void theUploadFailsCleanlyAndTheRetriesGetTheLiveDoor() throws Exception {
        String surl = site.surl("/alice/door-killed.bin");
        KilledUploads uploads = new KilledUploads(site, alice, E2eSite.ALICE_ACCOUNT, local);
        Path fifo = local.resolve("door-killed.fifo");
        ClientRun mk = alice.run(List.of("mkfifo", "-m", "0644", fifo.toString()));
        assertTrue(mk.ok(), mk.describe());
        AtomicBoolean stop = new AtomicBoolean();
        Thread feeder = new Thread(() -> KilledUploads.feed(fifo, stop), "fifo-feeder-door-killed");
        feeder.setDaemon(true);
        feeder.start();
        ClientRun failed;
        GridFtpServerProcess killed;
        List<Path> before = OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT));
        try (RunningClient cp = alice.start(List.of("gfal-copy", "-vvv", "file://" + fifo, surl))) {
            uploads.awaitPartialUpload(cp, before);
            killed = serving();
            killed.kill();
            failed = cp.await();
        } finally {
            stop.set(true);
            uploads.unblock(fifo, feeder);
        }
        assertFalse(failed.ok(), "the copy through the killed door fails: " + failed.describe());
        assertFalse(failed.timedOut(), "it fails, it does not hang: " + failed.describe());
        assertTrue(failed.exitCode() > 0, failed.describe());

        assertFalse(Files.exists(site.onDisk("/alice/door-killed.bin")), "nothing at the SURL");
        HttpgResponse ls = new SpecRequests(new SrmSoap(site, site.alice())).ls(List.of(surl));
        assertEquals(List.of("SRM_INVALID_PATH"), SpecRequests.fileStatuses(ls), ls.toString());
        List<Path> left = new ArrayList<>();
        for (Path p : OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT))) {
            if (!before.contains(p) && Files.isRegularFile(p)) {
                left.add(p);
            }
        }
        assertEquals(List.of(), left, "gfal2 aborted the put: no data of it is left");

        Path source = OnDisk.randomFile(local.resolve("retry.bin"), 500_000, 21);
        for (int i = 0; i < RETRIES; i++) {
            String target = i == 0 ? surl : site.surl("/alice/after-kill-" + i + ".bin");
            ClientRun retry = alice.gfal("gfal-copy", "-vvv", "file://" + source, target);
            assertTrue(retry.ok(), "retry " + i + " gets a live door: " + retry.describe());
            assertFalse(retry.output().contains("gsiftp://localhost:" + killed.port() + "/"),
                    "never the killed door: " + retry.describe());
            assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk(i == 0 ? "/alice/door-killed.bin"
                    : "/alice/after-kill-" + i + ".bin")));
        }
    }

    /** The door whose daemon has a session process: the one the transfer goes through. */
    private static GridFtpServerProcess serving() {
        for (GridFtpServerProcess door : List.of(site.doorA(), site.doorB())) {
            if (ProcessHandle.of(door.pid()).map(p -> p.children().findAny().isPresent()).orElse(false)) {
                return door;
            }
        }
        throw new AssertionError("no door serves the transfer");
    }
}

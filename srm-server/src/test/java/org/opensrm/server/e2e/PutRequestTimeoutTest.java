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

/**
 * Issue 22, point 6 (full mode): a put's desiredTotalRequestTime is enforced after its space was given. Its TURL
 * lifetime never outlives the request (neither as granted nor as extended); when the request time runs out
 * before srmPutDone the request ends {@code SRM_REQUEST_TIMED_OUT}, its file too, the data uploaded is removed,
 * a late srmPutDone lands nothing, and the SURL is free for a new put at once.
 */
@Timeout(180)
@Tag("integration")
class PutRequestTimeoutTest {
    static E2eSite site;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.mode", "full", "srm.reaper.interval", "1s"));
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aPutNotFinishedWithinItsTotalRequestTimeTimesOutAndItsUploadIsRemoved() throws Exception {
        PutCycle alice = new PutCycle(site, site.alice());
        String surl = site.surl("/alice/timed-out.bin");
        String token = alice.prepared(surl, false, 3600, 15);
        HttpgResponse served = alice.soap().statusOfPutRequest(token);
        int turlLeft = Integer.parseInt(served.text("statusArray/remainingPinLifetime"));
        assertTrue(turlLeft <= 15, "the TURL (3600 s asked) does not outlive the request (15 s): " + served);
        HttpgResponse extended = new SpecRequests(alice.soap()).extend(token, List.of(surl), 3600);
        assertEquals("SRM_SUCCESS", extended.text("statusArray/status/statusCode"), extended::toString);
        assertTrue(Integer.parseInt(extended.text("statusArray/pinLifetime")) <= 15,
                "an extension does not outlive the request either: " + extended);

        Path source = OnDisk.randomFile(site.scratch("timeout").resolve("source.bin"), 100_000, 6);
        alice.upload(token, source);
        assertEquals(1, regularUploads().size(), "the data waits for srmPutDone in the staging area");

        HttpgResponse ended = alice.soap().statusOfPutRequest(token);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while ("SRM_SUCCESS".equals(SpecRequests.status(ended, "srmStatusOfPutRequest"))) { // space still held
            assertTrue(System.nanoTime() < deadline, "still open a minute after its 15 s: " + ended);
            Thread.sleep(200);
            ended = alice.soap().statusOfPutRequest(token);
        }
        assertEquals("SRM_REQUEST_TIMED_OUT", SpecRequests.status(ended, "srmStatusOfPutRequest"), ended::toString);
        assertEquals(List.of("SRM_REQUEST_TIMED_OUT"), SpecRequests.fileStatuses(ended), ended::toString);
        assertEquals(List.of(), regularUploads(), "the upload was removed");

        assertFalse("SRM_SUCCESS".equals(alice.putDone(token, surl)), "a late srmPutDone lands nothing");
        assertFalse(Files.exists(site.onDisk("/alice/timed-out.bin")));
        alice.prepared(surl, false, 0, 0); // the SURL is free at once
    }

    /** The uploads in Alice's staging directory that hold data (an aborted put's tombstone is a directory). */
    private static List<Path> regularUploads() throws Exception {
        return OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)).stream().filter(Files::isRegularFile).toList();
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.client.HttpgResponse;

/**
 * Issue 22, point 7 (full mode): srmExtendFileLifeTime of what has ended says what it is, not a generic
 * SRM_FAILURE, and is never a success: a finished put's file (after srmPutDone) is {@code SRM_INVALID_REQUEST}, a
 * released get's file {@code SRM_RELEASED} with no pin time left, which status calls report too
 * (remainingPinTime 0).
 */
@Timeout(120)
@Tag("integration")
class ExtendEndedFilesTest {
    @RegisterExtension
    static final OneSite SITE = new OneSite(E2eSite.FULL_MODE);
    static E2eSite site;
    static SpecRequests srm;

    @BeforeAll
    static void start() throws Exception {
        site = SITE.site();
        srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Files.writeString(site.onDisk("/alice/pinned"), "data");
    }

    @Test
    void extendingAFinishedPutIsAnInvalidRequest() throws Exception {
        PutCycle alice = new PutCycle(site, site.alice());
        String surl = site.surl("/alice/finished.bin");
        String token = alice.prepared(surl, false, 0, 0);
        Path source = OnDisk.randomFile(site.scratch("extend").resolve("finished.bin"), 10_000, 3);
        alice.upload(token, source);
        assertEquals("SRM_SUCCESS", alice.putDone(token, surl));

        HttpgResponse extended = srm.extend(token, List.of(surl), 600);
        assertEquals(List.of("SRM_INVALID_REQUEST"), SpecRequests.fileStatuses(extended), extended::toString);
        assertEquals("SRM_FAILURE", SpecRequests.status(extended, "srmExtendFileLifeTime"), extended::toString);
    }

    @Test
    void extendingAReleasedPinIsReleasedWithNoTimeLeft() throws Exception {
        String surl = site.surl("/alice/pinned");
        HttpgResponse get = srm.get(List.of(surl), List.of("gsiftp"), 600);
        String token = SpecRequests.requestToken(get, "srmPrepareToGet");
        HttpgResponse pinned = FullModeSites.pollUntilSettled(() -> srm.status("Get", token, List.of()),
                "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_FILE_PINNED"), SpecRequests.fileStatuses(pinned), pinned::toString);
        assertEquals("SRM_SUCCESS", SpecRequests.status(srm.release(token, List.of(surl)), "srmReleaseFiles"));

        HttpgResponse extended = srm.extend(token, List.of(surl), 600);
        assertEquals(List.of("SRM_RELEASED"), SpecRequests.fileStatuses(extended), extended::toString);
        assertEquals("0", extended.text("statusArray/pinLifetime"), extended::toString);
        assertEquals("SRM_FAILURE", SpecRequests.status(extended, "srmExtendFileLifeTime"),
                "nothing was extended: " + extended);
        HttpgResponse status = srm.status("Get", token, List.of());
        assertEquals(List.of("SRM_RELEASED"), SpecRequests.fileStatuses(status), status::toString);
        assertEquals("0", status.text("statusArray/remainingPinTime"), status::toString);
    }
}

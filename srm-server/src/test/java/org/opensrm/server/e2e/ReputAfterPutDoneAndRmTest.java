package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;

/**
 * Issue 22, point 1: a SURL written, finished and removed can be put again at once. srmcp-style clients send a
 * desiredPinLifeTime with their put; full mode journaled such a put's upload twice (when the put was made, until
 * the request's end, and when its TURL was given, until the TURL's end) and srmPutDone freed only one of the two,
 * so the next srmPrepareToPut of the SURL was SRM_FILE_BUSY until the first request's lifetime ended. Here the
 * TURL lifetime (60 s) is far shorter than the request's (1 h), in both modes.
 */
@Timeout(240)
@Tag("integration")
class ReputAfterPutDoneAndRmTest {
    @RegisterExtension
    static final BothModes SITES = new BothModes(Map.of());

    @ParameterizedTest(name = "{0} mode")
    @ValueSource(strings = {"gateway", "full"})
    void aSurlPutFinishedAndRemovedIsPutAgainAtOnce(String mode) throws Exception {
        E2eSite site = SITES.site(mode);
        PutCycle alice = new PutCycle(site, site.alice());
        String surl = site.surl("/alice/reput-" + mode + ".bin");
        Path source = OnDisk.randomFile(site.scratch("reput").resolve("source.bin"), 200_000, 22);

        String first = alice.prepared(surl, false, 60, 3600);
        alice.upload(first, source);
        assertEquals("SRM_SUCCESS", alice.putDone(first, surl));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/reput-" + mode + ".bin")));
        assertEquals("SRM_SUCCESS", alice.rm(surl));

        HttpgResponse again = alice.prepare(List.of(surl), false, 60, 3600);
        HttpgResponse served = alice.awaitServed(SpecRequests.requestToken(again, "srmPrepareToPut"));
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(served),
                "the removed SURL is free for a new put: " + served);
        String second = SpecRequests.requestToken(again, "srmPrepareToPut");
        alice.upload(second, source);
        assertEquals("SRM_SUCCESS", alice.putDone(second, surl));
        assertEquals(OnDisk.adler32(source), OnDisk.adler32(site.onDisk("/alice/reput-" + mode + ".bin")));
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;
import static org.opensrm.server.e2e.SpecRequests.fileStatuses;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;

/**
 * SRM v2.2 (OGF GFD.129): lifetimes are reported as granted &mdash; the value asked, capped by the server's
 * maximum ({@code srm.put.lifetime}, {@code srm.get.lifetime}: 1 h here), counting down in later answers;
 * srmExtendFileLifeTime with a request token; SRM_RELEASED for files after srmReleaseFiles. The countdown is read
 * as "less than before" once it has counted (polled with a deadline), never as an exact figure.
 */
@Timeout(120)
@Tag("integration")
class SpecConformanceLifetimesTest {
    private static final int MAX = 3600;
    static E2eSite site;
    static SpecRequests srm;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of("srm.put.lifetime", MAX + "s", "srm.get.lifetime", MAX + "s"));
        srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Files.writeString(site.onDisk("/alice/pinned"), "data");
        Files.writeString(site.onDisk("/alice/other"), "data");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    /** The request's status once {@code counted} holds of it (polled; lifetimes count in whole seconds). */
    private static HttpgResponse statusUntil(String kind, String token, Predicate<HttpgResponse> counted)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        HttpgResponse r = srm.status(kind, token, List.of());
        while (!counted.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            r = srm.status(kind, token, List.of());
        }
        return r;
    }

    private static int integer(HttpgResponse r, String path) {
        String text = r.text(path);
        assertTrue(text != null, () -> path + " missing: " + r);
        return Integer.parseInt(text);
    }

    @Test
    @DisplayName("GFD.129 §5.5/§5.6 srmPrepareToPut, srmStatusOfPutRequest: remainingTotalRequestTime and the"
            + " TURL's remainingPinLifetime as granted, capped by the maximum, counting down")
    void putLifetimes() throws Exception {
        HttpgResponse asked = srm.put(List.of(site.surl("/alice/life-600")), List.of("gsiftp"), 600);
        assertEquals(600, integer(asked, "srmPrepareToPutResponse/remainingTotalRequestTime"));
        assertEquals(600, integer(asked, "statusArray/remainingPinLifetime"));
        HttpgResponse capped = srm.put(List.of(site.surl("/alice/life-max")), List.of("gsiftp"), 10 * MAX);
        assertEquals(MAX, integer(capped, "srmPrepareToPutResponse/remainingTotalRequestTime"));
        assertEquals(MAX, integer(capped, "statusArray/remainingPinLifetime"));

        HttpgResponse later = statusUntil("Put", asked.text("srmPrepareToPutResponse/requestToken"),
                r -> integer(r, "srmStatusOfPutRequestResponse/remainingTotalRequestTime") < 600
                && integer(r, "statusArray/remainingPinLifetime") < 600);
        int left = integer(later, "srmStatusOfPutRequestResponse/remainingTotalRequestTime");
        assertTrue(left < 600 && left >= 590, "counting down from 600: " + left);
        assertTrue(integer(later, "statusArray/remainingPinLifetime") < 600, later::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.1/§5.2 srmPrepareToGet, srmStatusOfGetRequest: remainingPinTime as granted, capped"
            + " by the maximum, counting down")
    void getLifetimes() throws Exception {
        HttpgResponse asked = srm.get(List.of(site.surl("/alice/pinned")), List.of("gsiftp"), 300);
        assertEquals(300, integer(asked, "statusArray/remainingPinTime"));
        HttpgResponse capped = srm.get(List.of(site.surl("/alice/pinned")), List.of("gsiftp"), 10 * MAX);
        assertEquals(MAX, integer(capped, "statusArray/remainingPinTime"));
        HttpgResponse later = statusUntil("Get", asked.text("srmPrepareToGetResponse/requestToken"),
                r -> integer(r, "statusArray/remainingPinTime") < 300);
        int left = integer(later, "statusArray/remainingPinTime");
        assertTrue(left < 300 && left >= 290, "counting down from 300: " + left);
    }

    @Test
    @DisplayName("GFD.129 §5.16 srmExtendFileLifeTime with a request token: gateway mode's signed token fixes the"
            + " lifetimes, so no extension is answered as a success (the next status shows the lifetime unchanged);"
            + " a SURL outside the request is SRM_INVALID_PATH")
    void extendWithARequestToken() throws Exception {
        HttpgResponse get = srm.get(List.of(site.surl("/alice/pinned")), List.of("gsiftp"), 300);
        String token = get.text("srmPrepareToGetResponse/requestToken");
        for (int asked : List.of(100, 10 * MAX)) {
            HttpgResponse extend = srm.extend(token, List.of(site.surl("/alice/pinned")), asked);
            assertStatus("SRM_FAILURE", extend, "srmExtendFileLifeTime");
            assertEquals(List.of("SRM_FAILURE"), extend.texts("statusArray/status/statusCode"), extend::toString);
            assertTrue(extend.text("statusArray/status/explanation").contains("cannot change a lifetime"),
                    extend::toString);
        }
        HttpgResponse later = srm.status("Get", token, List.of());
        int left = integer(later, "statusArray/remainingPinTime");
        assertTrue(left <= 300 && left >= 290, "the pin lifetime is unchanged: " + later);
        HttpgResponse outside = srm.extend(token, List.of(site.surl("/alice/other")), 100);
        assertStatus("SRM_FAILURE", outside, "srmExtendFileLifeTime");
        assertEquals(List.of("SRM_INVALID_PATH"), outside.texts("statusArray/status/statusCode"), outside::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.9 srmReleaseFiles: the released files are SRM_RELEASED in later status answers")
    void releasedFilesAreReleased() throws Exception {
        String pinned = site.surl("/alice/pinned");
        String other = site.surl("/alice/other");
        HttpgResponse get = srm.get(List.of(pinned, other), List.of("gsiftp"), 0);
        String token = get.text("srmPrepareToGetResponse/requestToken");
        HttpgResponse release = srm.release(token, List.of(pinned));
        assertStatus("SRM_SUCCESS", release, "srmReleaseFiles");
        HttpgResponse later = srm.status("Get", token, List.of());
        assertEquals(List.of("SRM_RELEASED", "SRM_FILE_PINNED"), fileStatuses(later), later::toString);
    }
}

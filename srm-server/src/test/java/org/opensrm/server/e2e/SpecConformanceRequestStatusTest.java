package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;
import static org.opensrm.server.e2e.SpecRequests.fileStatuses;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;

/**
 * SRM v2.2 (OGF GFD.129): the request-level status of bulk requests. Each bulk function's returnStatus lists
 * SRM_SUCCESS when every file succeeded, SRM_PARTIAL_SUCCESS when some did, SRM_FAILURE when all failed (each
 * file's own status saying why), and SRM_NOT_SUPPORTED for srmPrepareToPut/srmPrepareToGet when none of the
 * requested transfer protocols is supported. Sent over httpg to the real server; the answers are read as a
 * client reads them.
 */
@Timeout(120)
@Tag("integration")
class SpecConformanceRequestStatusTest {
    static E2eSite site;
    static SpecRequests srm;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Files.writeString(site.onDisk("/alice/present"), "x");
        Files.writeString(site.onDisk("/alice/also-present"), "y");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    @DisplayName("GFD.129 §4.3 srmRm: every file failed -> SRM_FAILURE")
    void rmOfOnlyMissingFilesIsFailure() throws Exception {
        HttpgResponse r = srm.rm(List.of(site.surl("/alice/missing-1"), site.surl("/alice/missing-2")));
        assertStatus("SRM_FAILURE", r, "srmRm");
        assertEquals(List.of("SRM_INVALID_PATH", "SRM_INVALID_PATH"), fileStatuses(r), r::toString);
    }

    @Test
    @DisplayName("GFD.129 §4.3 srmRm: some files failed -> SRM_PARTIAL_SUCCESS")
    void rmOfSomeMissingFilesIsPartialSuccess() throws Exception {
        Files.writeString(site.onDisk("/alice/to-remove"), "z");
        HttpgResponse r = srm.rm(List.of(site.surl("/alice/to-remove"), site.surl("/alice/missing-3")));
        assertStatus("SRM_PARTIAL_SUCCESS", r, "srmRm");
        assertEquals(List.of("SRM_SUCCESS", "SRM_INVALID_PATH"), fileStatuses(r), r::toString);
    }

    @Test
    @DisplayName("GFD.129 §4.4 srmLs: every path failed -> SRM_FAILURE; some -> SRM_PARTIAL_SUCCESS")
    void lsRequestStatus() throws Exception {
        HttpgResponse none = srm.ls(List.of(site.surl("/alice/missing-4")));
        assertStatus("SRM_FAILURE", none, "srmLs");
        assertEquals(List.of("SRM_INVALID_PATH"), fileStatuses(none), none::toString);
        HttpgResponse some = srm.ls(List.of(site.surl("/alice/present"), site.surl("/alice/missing-5")));
        assertStatus("SRM_PARTIAL_SUCCESS", some, "srmLs");
        HttpgResponse all = srm.ls(List.of(site.surl("/alice/present"), site.surl("/alice/also-present")));
        assertStatus("SRM_SUCCESS", all, "srmLs");
    }

    @Test
    @DisplayName("GFD.129 §5.5 srmPrepareToPut: only unsupported transfer protocols -> SRM_NOT_SUPPORTED")
    void putWithOnlyUnsupportedProtocolsIsNotSupported() throws Exception {
        HttpgResponse r = srm.put(List.of(site.surl("/alice/p1"), site.surl("/alice/p2")), List.of("http", "root"), 0);
        assertStatus("SRM_NOT_SUPPORTED", r, "srmPrepareToPut");
        assertTrue(fileStatuses(r).stream().allMatch("SRM_NOT_SUPPORTED"::equals), r::toString);
        assertEquals(null, r.text("statusArray/transferURL"), r::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.5 srmPrepareToPut: every file failed -> SRM_FAILURE; some -> SRM_PARTIAL_SUCCESS")
    void putRequestStatus() throws Exception {
        HttpgResponse none = srm.put(List.of(site.surl("/alice/no-dir/a"), site.surl("/alice/present")),
                List.of("gsiftp"), 0);
        assertStatus("SRM_FAILURE", none, "srmPrepareToPut");
        assertEquals(List.of("SRM_INVALID_PATH", "SRM_DUPLICATION_ERROR"), fileStatuses(none), none::toString);
        HttpgResponse some = srm.put(List.of(site.surl("/alice/new-put"), site.surl("/alice/no-dir/b")),
                List.of("gsiftp"), 0);
        assertStatus("SRM_PARTIAL_SUCCESS", some, "srmPrepareToPut");
    }

    @Test
    @DisplayName("GFD.129 §5.1 srmPrepareToGet: only unsupported transfer protocols -> SRM_NOT_SUPPORTED;"
            + " every file failed -> SRM_FAILURE")
    void getRequestStatus() throws Exception {
        HttpgResponse unsupported = srm.get(List.of(site.surl("/alice/present")), List.of("https"), 0);
        assertStatus("SRM_NOT_SUPPORTED", unsupported, "srmPrepareToGet");
        HttpgResponse none = srm.get(List.of(site.surl("/alice/missing-6")), List.of("gsiftp"), 0);
        assertStatus("SRM_FAILURE", none, "srmPrepareToGet");
        assertEquals(List.of("SRM_INVALID_PATH"), fileStatuses(none), none::toString);
    }
}

package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * SRM v2.2 (OGF GFD.129): status calls about some of a request's files, files refused when the request was made,
 * and a second put of a SURL whose upload is in progress. Gateway mode keeps no request state: what a status
 * call repeats comes from the signed request token.
 */
@Timeout(120)
@Tag("integration")
class SpecConformanceRequestFilesTest {
    static E2eSite site;
    static SpecRequests srm;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Files.writeString(site.onDisk("/alice/g1"), "one");
        Files.writeString(site.onDisk("/alice/g2"), "two");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    @DisplayName("GFD.129 §5.6 srmStatusOfPutRequest: a subset answers those files alone, with the status of the"
            + " whole request (issue 22, point 3); a refused file keeps its refusal code")
    void putStatusOfASubset() throws Exception {
        String ok = site.surl("/alice/sub-ok");
        String refused = site.surl("/alice/no-such-dir/sub");
        HttpgResponse put = srm.put(List.of(ok, refused), List.of("gsiftp"), 0);
        assertStatus("SRM_PARTIAL_SUCCESS", put, "srmPrepareToPut");
        String token = put.text("srmPrepareToPutResponse/requestToken");

        HttpgResponse onlyOk = srm.status("Put", token, List.of(ok));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyOk, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), fileStatuses(onlyOk), onlyOk::toString);
        assertEquals(List.of(ok), onlyOk.texts("statusArray/SURL"), onlyOk::toString);

        mkdir("/alice/no-such-dir");
        HttpgResponse onlyRefused = srm.status("Put", token, List.of(refused));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyRefused, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_INVALID_PATH"), fileStatuses(onlyRefused),
                "refused for a missing directory, still refused though it exists now: " + onlyRefused);

        HttpgResponse all = srm.status("Put", token, List.of());
        assertStatus("SRM_PARTIAL_SUCCESS", all, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE", "SRM_INVALID_PATH"), fileStatuses(all), all::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.12 srmAbortFiles, §5.6 srmStatusOfPutRequest: the aborted files of a request are"
            + " SRM_ABORTED, and a status call about them alone answers them with the whole request's status; the"
            + " others are untouched")
    void putStatusAfterAbortingSomeFiles() throws Exception {
        String kept = site.surl("/alice/kept");
        String aborted = site.surl("/alice/aborted");
        HttpgResponse put = srm.put(List.of(kept, aborted), List.of("gsiftp"), 0);
        String token = put.text("srmPrepareToPutResponse/requestToken");
        HttpgResponse abort = new SrmSoap(site, site.alice()).call("srmAbortFiles", "<srmAbortFilesRequest><requestToken>"
                + SrmSoap.xml(token) + "</requestToken>" + SpecRequests.urls(List.of(aborted))
                + "</srmAbortFilesRequest>");
        assertStatus("SRM_SUCCESS", abort, "srmAbortFiles");
        HttpgResponse onlyAborted = srm.status("Put", token, List.of(aborted));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyAborted, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_ABORTED"), fileStatuses(onlyAborted), onlyAborted::toString);
        HttpgResponse all = srm.status("Put", token, List.of());
        assertStatus("SRM_PARTIAL_SUCCESS", all, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE", "SRM_ABORTED"), fileStatuses(all), all::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.2 srmStatusOfGetRequest: a subset answers those files alone, with the status of the"
            + " whole request; a file refused when the request was made keeps its refusal code")
    void getStatusOfASubset() throws Exception {
        String g1 = site.surl("/alice/g1");
        String late = site.surl("/alice/appears-later");
        HttpgResponse get = srm.get(List.of(g1, late), List.of("gsiftp"), 0);
        assertStatus("SRM_PARTIAL_SUCCESS", get, "srmPrepareToGet");
        String token = get.text("srmPrepareToGetResponse/requestToken");
        Files.writeString(site.onDisk("/alice/appears-later"), "now it exists");

        HttpgResponse onlyG1 = srm.status("Get", token, List.of(g1));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyG1, "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_FILE_PINNED"), fileStatuses(onlyG1), onlyG1::toString);
        HttpgResponse onlyLate = srm.status("Get", token, List.of(late));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyLate, "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_INVALID_PATH"), fileStatuses(onlyLate), onlyLate::toString);
    }

    @Test
    @DisplayName("GFD.129 §5.5 srmPrepareToPut: a SURL whose upload is in progress -> SRM_FILE_BUSY for that file")
    void secondPutOfABusySurlIsFileBusy() throws Exception {
        String target = site.surl("/alice/busy");
        HttpgResponse first = srm.put(List.of(target), List.of("gsiftp"), 0);
        assertStatus("SRM_SUCCESS", first, "srmPrepareToPut");
        HttpgResponse second = srm.put(List.of(target, site.surl("/alice/not-busy")), List.of("gsiftp"), 0);
        assertStatus("SRM_PARTIAL_SUCCESS", second, "srmPrepareToPut");
        assertEquals(List.of("SRM_FILE_BUSY", "SRM_SPACE_AVAILABLE"), fileStatuses(second), second::toString);
        HttpgResponse bob = new SpecRequests(new SrmSoap(site, site.bob())).put(List.of(target), List.of("gsiftp"), 0);
        assertEquals(List.of("SRM_AUTHORIZATION_FAILURE"), fileStatuses(bob),
                "another user who may not write there learns nothing of the upload: " + bob);
    }

    private static void mkdir(String path) throws Exception {
        assertStatus("SRM_SUCCESS", new SrmSoap(site, site.alice()).mkdir(site.surl(path)), "srmMkdir");
    }
}

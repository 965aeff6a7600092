package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.opensrm.server.e2e.SpecRequests.assertStatus;
import static org.opensrm.server.e2e.SpecRequests.fileStatuses;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.client.HttpgResponse;

/**
 * Issue 22, point 3 (full mode): srmStatusOfGetRequest and srmStatusOfPutRequest naming some of a request's files
 * answer those files, and the request-level status of the whole request (GFD.129 §5.2, §5.6: it describes the
 * request), whichever files the call names: SRM_PARTIAL_SUCCESS when some files succeeded and some failed.
 * (Gateway mode still answers the status of the named files alone: its services are being merged into full
 * mode's engine.)
 */
@Timeout(120)
@Tag("integration")
class StatusOfSomeFilesTest {
    @RegisterExtension
    static final OneSite SITE = new OneSite(E2eSite.FULL_MODE);
    static E2eSite site;
    static SpecRequests srm;

    @BeforeAll
    static void start() throws Exception {
        site = SITE.site();
        srm = new SpecRequests(new SrmSoap(site, site.alice()));
        Files.writeString(site.onDisk("/alice/g1"), "one");
    }

    private static HttpgResponse settled(String kind, String token) throws Exception {
        return FullModeSites.pollUntilSettled(() -> srm.status(kind, token, List.of()),
                "srmStatusOf" + kind + "Request");
    }

    @Test
    @DisplayName("srmStatusOfGetRequest of one file: that file, and the whole request's SRM_PARTIAL_SUCCESS")
    void getStatusOfSomeFiles() throws Exception {
        String g1 = site.surl("/alice/g1");
        String missing = site.surl("/alice/missing");
        HttpgResponse get = srm.get(List.of(g1, missing), List.of("gsiftp"), 0);
        String token = SpecRequests.requestToken(get, "srmPrepareToGet");
        assertStatus("SRM_PARTIAL_SUCCESS", settled("Get", token), "srmStatusOfGetRequest");

        HttpgResponse onlyG1 = srm.status("Get", token, List.of(g1));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyG1, "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_FILE_PINNED"), fileStatuses(onlyG1), onlyG1::toString);
        assertEquals(List.of(g1), onlyG1.texts("statusArray/sourceSURL"), onlyG1::toString);
        HttpgResponse onlyMissing = srm.status("Get", token, List.of(missing));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyMissing, "srmStatusOfGetRequest");
        assertEquals(List.of("SRM_INVALID_PATH"), fileStatuses(onlyMissing), onlyMissing::toString);
    }

    @Test
    @DisplayName("srmStatusOfPutRequest of one file: that file, and the whole request's status, also after"
            + " srmAbortFiles of the other")
    void putStatusOfSomeFiles() throws Exception {
        String ok = site.surl("/alice/p-ok");
        String refused = site.surl("/alice/no-such-dir/p");
        HttpgResponse put = srm.put(List.of(ok, refused), List.of("gsiftp"), 0);
        String token = SpecRequests.requestToken(put, "srmPrepareToPut");
        assertStatus("SRM_PARTIAL_SUCCESS", settled("Put", token), "srmStatusOfPutRequest");
        HttpgResponse onlyOk = srm.status("Put", token, List.of(ok));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyOk, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), fileStatuses(onlyOk), onlyOk::toString);
        assertEquals(List.of(ok), onlyOk.texts("statusArray/SURL"), onlyOk::toString);

        String kept = site.surl("/alice/p-kept");
        String aborted = site.surl("/alice/p-aborted");
        HttpgResponse both = srm.put(List.of(kept, aborted), List.of("gsiftp"), 0);
        String second = SpecRequests.requestToken(both, "srmPrepareToPut");
        assertStatus("SRM_SUCCESS", settled("Put", second), "srmStatusOfPutRequest");
        HttpgResponse abort = new SrmSoap(site, site.alice()).call("srmAbortFiles", "<srmAbortFilesRequest>"
                + "<requestToken>" + SrmSoap.xml(second) + "</requestToken>" + SpecRequests.urls(List.of(aborted))
                + "</srmAbortFilesRequest>");
        assertStatus("SRM_SUCCESS", abort, "srmAbortFiles");
        HttpgResponse onlyKept = srm.status("Put", second, List.of(kept));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyKept, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), fileStatuses(onlyKept), onlyKept::toString);
        HttpgResponse onlyAborted = srm.status("Put", second, List.of(aborted));
        assertStatus("SRM_PARTIAL_SUCCESS", onlyAborted, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_ABORTED"), fileStatuses(onlyAborted), onlyAborted::toString);
        HttpgResponse all = srm.status("Put", second, List.of());
        assertStatus("SRM_PARTIAL_SUCCESS", all, "srmStatusOfPutRequest");
        assertEquals(List.of("SRM_SPACE_AVAILABLE", "SRM_ABORTED"), fileStatuses(all), all::toString);
    }
}

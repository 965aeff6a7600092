package org.opensrm.server.soap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.core.service.PathDetail;
import org.opensrm.server.soap.gen.ArrayOfAnyURI;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.SrmStatusOfLsRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfLsRequestResponse;
import org.opensrm.server.soap.gen.TMetaDataPathDetail;
import org.slf4j.MDC;

/** srmLs answered at once or asynchronously, and srmStatusOfLsRequest, on a tiny listing service. */
class ListingOpsTest {
    private static final Caller ALICE = RequestStateOpsTest.ALICE;
    private static final String TOKEN = "Ls7fQ2xVb9kT0pZr4wYc";

    /** Answers srmLs with {@link #next}; srmStatusOfLs with {@link #status}, remembering what it was asked. */
    private static final class TinyLister implements ListService {
        LsResult next;
        LsResult status;
        LsOptions askedOptions;
        String askedToken;
        int askedOffset = -1;
        int askedCount = -1;

        @Override
        public LsResult ls(Caller caller, List<String> surls, LsOptions options) {
            askedOptions = options;
            return next;
        }

        @Override
        public LsResult statusOfLs(Caller caller, String token, int offset, int count) throws SrmException {
            if (!token.equals(TOKEN)) {
                throw SrmException.invalidRequest("unknown request token");
            }
            askedToken = token;
            askedOffset = offset;
            askedCount = count;
            return status;
        }
    }

    private final TinyLister lister = new TinyLister();

    @AfterEach
    void clearMdc() {
        MDC.clear();
    }

    private static SrmLsRequest ls(String surl, boolean recursive) {
        SrmLsRequest q = new SrmLsRequest();
        ArrayOfAnyURI a = new ArrayOfAnyURI();
        a.getUrlArray().add(surl);
        q.setArrayOfSURLs(a);
        q.setAllLevelRecursive(recursive);
        return q;
    }

    private static SrmStatusOfLsRequestRequest statusOfLs(String token, Integer offset, Integer count) {
        SrmStatusOfLsRequestRequest q = new SrmStatusOfLsRequestRequest();
        q.setRequestToken(token);
        q.setOffset(offset);
        q.setCount(count);
        return q;
    }

    private static List<String> paths(List<TMetaDataPathDetail> details) {
        return details.stream().map(TMetaDataPathDetail::getPath).toList();
    }

    @Test
    void aQueuedListingIsAnsweredWithItsTokenAndNoDetails() throws Exception {
        lister.next = new LsResult(SrmStatus.SRM_REQUEST_QUEUED, null, List.of(), Optional.of(TOKEN));
        SrmLsResponse r = new LsOp(lister).handle(ALICE, ls("srm://se.example.org/data", true));
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertEquals(TOKEN, r.getRequestToken());
        assertNull(r.getDetails(), "a queued listing has no details yet");
        assertEquals(-1, lister.askedOptions.levels());
        assertEquals(TOKEN.substring(0, 10), MDC.get("token"));
    }

    @Test
    void aListingInProgressCarriesWhatItHasAlongWithItsToken() throws Exception {
        lister.next = new LsResult(SrmStatus.SRM_REQUEST_INPROGRESS, "listing", List.of(
                PathDetail.failed("/data/gone", SrmStatus.SRM_INVALID_PATH, "no such file")), Optional.of(TOKEN));
        SrmLsResponse r = new LsOp(lister).handle(ALICE, ls("srm://se.example.org/data", false));
        assertEquals("SRM_REQUEST_INPROGRESS", r.getReturnStatus().getStatusCode());
        assertEquals("listing", r.getReturnStatus().getExplanation());
        assertEquals(TOKEN, r.getRequestToken());
        assertEquals(List.of("/data/gone"), paths(r.getDetails().getPathDetailArray()));
        assertEquals("SRM_INVALID_PATH", r.getDetails().getPathDetailArray().get(0).getStatus().getStatusCode());
    }

    @Test
    void aListingAnsweredAtOnceHasNoTokenAndAlwaysItsDetails() throws Exception {
        lister.next = new LsResult(SrmStatus.SRM_FAILURE, null,
                List.of(PathDetail.failed("/x", SrmStatus.SRM_INVALID_PATH, null)));
        SrmLsResponse r = new LsOp(lister).handle(ALICE, ls("srm://se.example.org/x", false));
        assertNull(r.getRequestToken());
        assertEquals(List.of("/x"), paths(r.getDetails().getPathDetailArray()));
        assertNull(MDC.get("token"));
        lister.next = new LsResult(SrmStatus.SRM_INVALID_REQUEST, "no SURL", List.of());
        assertNotNull(new LsOp(lister).handle(ALICE, ls("srm://se.example.org/x", false)).getDetails());
    }

    @Test
    void statusOfLsPassesTokenOffsetAndCountAndMapsTheEntries() throws Exception {
        lister.status = new LsResult(SrmStatus.SRM_SUCCESS, null, List.of(
                PathDetail.failed("/data/a", SrmStatus.SRM_SUCCESS, null),
                PathDetail.failed("/data/b", SrmStatus.SRM_FILE_BUSY, "being written")));
        SrmStatusOfLsRequestResponse r = new StatusOfLsRequestOp(lister).handle(ALICE, statusOfLs(TOKEN, 3, 2));
        assertEquals(TOKEN, lister.askedToken);
        assertEquals(3, lister.askedOffset);
        assertEquals(2, lister.askedCount);
        assertEquals("SRM_SUCCESS", r.getReturnStatus().getStatusCode());
        assertEquals(List.of("/data/a", "/data/b"), paths(r.getDetails().getPathDetailArray()));
        assertEquals("being written", r.getDetails().getPathDetailArray().get(1).getStatus().getExplanation());
        assertEquals(TOKEN.substring(0, 10), MDC.get("token"));
    }

    @Test
    void statusOfLsWhileQueuedHasNoDetailsAndDefaultsOffsetAndCountToZero() throws Exception {
        lister.status = new LsResult(SrmStatus.SRM_REQUEST_QUEUED, null, List.of());
        SrmStatusOfLsRequestResponse r = new StatusOfLsRequestOp(lister).handle(ALICE, statusOfLs(TOKEN, null, null));
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertNull(r.getDetails());
        assertEquals(0, lister.askedOffset);
        assertEquals(0, lister.askedCount);
    }

    @Test
    void statusOfLsRefusesANegativeOffsetOrCountAMissingTokenAndPassesOnTheServicesRefusal() {
        StatusOfLsRequestOp op = new StatusOfLsRequestOp(lister);
        SrmException offset = assertThrows(SrmException.class, () -> op.handle(ALICE, statusOfLs(TOKEN, -1, 5)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, offset.status());
        assertEquals("offset must not be negative, got -1", offset.getMessage());
        SrmException count = assertThrows(SrmException.class, () -> op.handle(ALICE, statusOfLs(TOKEN, 0, -2)));
        assertEquals("count must not be negative, got -2", count.getMessage());
        SrmException missing = assertThrows(SrmException.class, () -> op.handle(ALICE, statusOfLs(null, 0, 0)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, missing.status());
        SrmException unknown = assertThrows(SrmException.class, () -> op.handle(ALICE, statusOfLs("nope", 0, 0)));
        assertEquals("unknown request token", unknown.getMessage());
        assertEquals(-1, lister.askedOffset, "nothing reached the service but the unknown token");
    }

    @Test
    void gatewayModesListingAnswersStatusOfLsNotSupportedNamingFullMode() {
        ListService atOnce = (caller, surls, options) -> new LsResult(SrmStatus.SRM_SUCCESS, null, List.of());
        SrmException e = assertThrows(SrmException.class,
                () -> new StatusOfLsRequestOp(atOnce).handle(ALICE, statusOfLs(TOKEN, 0, 0)));
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().startsWith("srmStatusOfLsRequest needs full mode (srm.mode=full)"), e.getMessage());
    }
}

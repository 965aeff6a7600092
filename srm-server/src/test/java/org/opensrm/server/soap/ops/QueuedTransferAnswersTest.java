package org.opensrm.server.soap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.gen.ArrayOfTGetFileRequest;
import org.opensrm.server.soap.gen.ArrayOfTPutFileRequest;
import org.opensrm.server.soap.gen.SrmBringOnlineRequest;
import org.opensrm.server.soap.gen.SrmBringOnlineResponse;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetResponse;
import org.opensrm.server.soap.gen.SrmPrepareToPutRequest;
import org.opensrm.server.soap.gen.SrmPrepareToPutResponse;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;
import org.opensrm.server.soap.gen.TBringOnlineRequestFileStatus;
import org.opensrm.server.soap.gen.TGetFileRequest;
import org.opensrm.server.soap.gen.TGetRequestFileStatus;
import org.opensrm.server.soap.gen.TPutFileRequest;
import org.opensrm.server.soap.gen.TPutRequestFileStatus;
import org.slf4j.MDC;

/**
 * srmPrepareToGet, srmBringOnline, srmPrepareToPut and srmStatusOfGetRequest answering a request the service
 * queued (full mode): the token, SRM_REQUEST_QUEUED, remainingTotalRequestTime, and each file's estimatedWaitTime
 * from the service, so that clients poll when told.
 */
class QueuedTransferAnswersTest {
    private static final Caller ALICE = RequestStateOpsTest.ALICE;
    private static final String TOKEN = "Qv3mW8aZ1cR5tY7uI9oP";
    private static final String WAITING = "srm://se.example.org/data/waiting";
    private static final String READY = "srm://se.example.org/data/ready";
    private static final TransferResult QUEUED = new TransferResult(TOKEN, SrmStatus.SRM_REQUEST_QUEUED, null,
            List.of(new TransferFile(WAITING, SrmStatus.SRM_REQUEST_QUEUED, null, null, null, null, 42),
                    new TransferFile(READY, SrmStatus.SRM_FILE_PINNED, null, "gsiftp://door.example.org/data/ready",
                            1234L, 3600, 0)), 600);

    /** A get service that queues every request, remembering the last one. */
    private static final class QueuingGets implements GetService {
        RequestKind kind;
        GetRequest request;

        @Override
        public TransferResult prepare(Caller caller, RequestKind kind, GetRequest request) {
            this.kind = kind;
            this.request = request;
            return QUEUED;
        }

        @Override
        public TransferResult status(Caller caller, RequestKind kind, String token, List<String> subset) {
            this.kind = kind;
            return QUEUED;
        }
    }

    /** A put service that queues every request, remembering the last one. */
    private static final class QueuingPuts implements PutService {
        PutRequest request;

        @Override
        public TransferResult prepare(Caller caller, PutRequest request) {
            this.request = request;
            return new TransferResult(TOKEN, SrmStatus.SRM_REQUEST_QUEUED, null, List.of(
                    new TransferFile(WAITING, SrmStatus.SRM_REQUEST_QUEUED, null, null, 77L, null, 42)), 900);
        }

        @Override
        public TransferResult status(Caller caller, String token, List<String> subset) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<FileOutcome> putDone(Caller caller, String token, List<String> subset) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean abortOpenPut(Caller caller, SrmPath target) {
            throw new UnsupportedOperationException();
        }
    }

    @AfterEach
    void clearMdc() {
        MDC.clear();
    }

    private static ArrayOfTGetFileRequest files(String... surls) {
        ArrayOfTGetFileRequest a = new ArrayOfTGetFileRequest();
        for (String s : surls) {
            TGetFileRequest f = new TGetFileRequest();
            f.setSourceSURL(s);
            a.getRequestArray().add(f);
        }
        return a;
    }

    @Test
    void aQueuedGetTellsEachFilesWaitAndTheRequestsRemainingTime() throws Exception {
        QueuingGets gets = new QueuingGets();
        SrmPrepareToGetRequest q = new SrmPrepareToGetRequest();
        q.setArrayOfFileRequests(files(WAITING, READY));
        q.setUserRequestDescription("nightly");
        q.setDesiredTotalRequestTime(1200);
        SrmPrepareToGetResponse r = new PrepareToGetOp(gets).handle(ALICE, q);
        assertEquals(RequestKind.GET, gets.kind);
        assertEquals(Optional.of("nightly"), gets.request.options().description());
        assertEquals(Optional.of(Duration.ofSeconds(1200)), gets.request.options().totalRequestTime());
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertEquals(TOKEN, r.getRequestToken());
        assertEquals(600, r.getRemainingTotalRequestTime());
        List<TGetRequestFileStatus> f = r.getArrayOfFileStatuses().getStatusArray();
        assertEquals("SRM_REQUEST_QUEUED", f.get(0).getStatus().getStatusCode());
        assertEquals(42, f.get(0).getEstimatedWaitTime());
        assertNull(f.get(0).getTransferURL());
        assertEquals("SRM_FILE_PINNED", f.get(1).getStatus().getStatusCode());
        assertEquals(0, f.get(1).getEstimatedWaitTime());
        assertEquals(3600, f.get(1).getRemainingPinTime());
        assertEquals(BigInteger.valueOf(1234), f.get(1).getFileSize());
        assertEquals(TOKEN.substring(0, 10), MDC.get("token"));
    }

    @Test
    void aQueuedBringOnlineTellsEachFilesWait() throws Exception {
        QueuingGets gets = new QueuingGets();
        SrmBringOnlineRequest q = new SrmBringOnlineRequest();
        q.setArrayOfFileRequests(files(WAITING, READY));
        SrmBringOnlineResponse r = new BringOnlineOp(gets).handle(ALICE, q);
        assertEquals(RequestKind.BRING_ONLINE, gets.kind);
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertEquals(TOKEN, r.getRequestToken());
        assertEquals(600, r.getRemainingTotalRequestTime());
        List<TBringOnlineRequestFileStatus> f = r.getArrayOfFileStatuses().getStatusArray();
        assertEquals(List.of(42, 0), f.stream().map(TBringOnlineRequestFileStatus::getEstimatedWaitTime).toList());
    }

    @Test
    void aQueuedPutTellsEachFilesWaitAndTheRequestsRemainingTime() throws Exception {
        QueuingPuts puts = new QueuingPuts();
        SrmPrepareToPutRequest q = new SrmPrepareToPutRequest();
        ArrayOfTPutFileRequest a = new ArrayOfTPutFileRequest();
        TPutFileRequest f = new TPutFileRequest();
        f.setTargetSURL(WAITING);
        f.setExpectedFileSize(BigInteger.valueOf(77));
        a.getRequestArray().add(f);
        q.setArrayOfFileRequests(a);
        q.setUserRequestDescription("upload");
        SrmPrepareToPutResponse r = new PrepareToPutOp(puts).handle(ALICE, q);
        assertEquals(Optional.of("upload"), puts.request.options().description());
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertEquals(TOKEN, r.getRequestToken());
        assertEquals(900, r.getRemainingTotalRequestTime());
        TPutRequestFileStatus s = r.getArrayOfFileStatuses().getStatusArray().get(0);
        assertEquals(42, s.getEstimatedWaitTime());
        assertNull(s.getTransferURL());
        assertNull(s.getRemainingFileLifetime(), "no file lifetime before there is a TURL");
    }

    @Test
    void theStatusCallRepeatsTheWaitsAndTheRemainingTime() throws Exception {
        QueuingGets gets = new QueuingGets();
        SrmStatusOfGetRequestRequest q = new SrmStatusOfGetRequestRequest();
        q.setRequestToken(TOKEN);
        SrmStatusOfGetRequestResponse r = new StatusOfGetRequestOp(gets).handle(ALICE, q);
        assertEquals(RequestKind.GET, gets.kind);
        assertEquals("SRM_REQUEST_QUEUED", r.getReturnStatus().getStatusCode());
        assertEquals(600, r.getRemainingTotalRequestTime());
        assertEquals(List.of(42, 0), r.getArrayOfFileStatuses().getStatusArray().stream()
                .map(TGetRequestFileStatus::getEstimatedWaitTime).toList());
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmBringOnlineRequest;
import org.opensrm.server.soap.gen.SrmBringOnlineResponse;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;

/**
 * srmBringOnline: gateway mode answers at once (files on disk are online already); full mode may answer
 * {@code SRM_REQUEST_QUEUED} with each file's estimatedWaitTime.
 */
public final class BringOnlineOp implements SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> {
    private final GetService gets;

    public BringOnlineOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public ResponseType<SrmBringOnlineResponse> response() {
        return ResponseTypes.BRING_ONLINE;
    }

    @Override
    public SrmBringOnlineResponse handle(Caller caller, SrmBringOnlineRequest q) throws SrmException {
        TransferResult result = gets.prepare(caller, RequestKind.BRING_ONLINE,
                new GetRequest(GetStatuses.surls(q.getArrayOfFileRequests()), java.util.List.of(),
                        java.util.Optional.ofNullable(GetStatuses.seconds(q.getDesiredLifeTime())),
                        GetStatuses.options(q.getUserRequestDescription(), q.getDesiredTotalRequestTime())));
        Tokens.logged(result.token());
        SrmBringOnlineResponse r = new SrmBringOnlineResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRequestToken(result.token());
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setRemainingDeferredStartTime(0);
        r.setArrayOfFileStatuses(GetStatuses.bringOnline(result));
        return r;
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestResponse;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;

/** srmStatusOfBringOnlineRequest: where the request stands (gateway mode: re-evaluated from its signed token). */
public final class StatusOfBringOnlineRequestOp
        implements SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> {
    private final GetService gets;

    public StatusOfBringOnlineRequestOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public ResponseType<SrmStatusOfBringOnlineRequestResponse> response() {
        return ResponseTypes.STATUS_OF_BRING_ONLINE_REQUEST;
    }

    @Override
    public SrmStatusOfBringOnlineRequestResponse handle(Caller caller, SrmStatusOfBringOnlineRequestRequest q)
            throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        TransferResult result = gets.status(caller, RequestKind.BRING_ONLINE, token, Wire.urls(q.getArrayOfSourceSURLs()));
        SrmStatusOfBringOnlineRequestResponse r = new SrmStatusOfBringOnlineRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setRemainingDeferredStartTime(0);
        r.setArrayOfFileStatuses(GetStatuses.bringOnline(result));
        return r;
    }
}

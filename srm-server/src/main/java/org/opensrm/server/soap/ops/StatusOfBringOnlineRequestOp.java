package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.gateway.TokenCodec;
import org.slf4j.MDC;

/** srmStatusOfBringOnlineRequest: re-evaluated from the signed token and the storage. */
public final class StatusOfBringOnlineRequestOp
        implements SrmOperation<SrmStatusOfBringOnlineRequestRequest, SrmStatusOfBringOnlineRequestResponse> {
    private final GetService gets;

    public StatusOfBringOnlineRequestOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public String name() {
        return "srmStatusOfBringOnlineRequest";
    }

    @Override
    public SrmStatusOfBringOnlineRequestResponse handle(Caller caller, SrmStatusOfBringOnlineRequestRequest q)
            throws SrmException {
        String token = Wire.require("requestToken", q.getRequestToken());
        MDC.put("token", TokenCodec.shortId(token));
        TransferResult result = gets.status(caller, RequestKind.BRING_ONLINE, token, Wire.urls(q.getArrayOfSourceSURLs()));
        SrmStatusOfBringOnlineRequestResponse r = new SrmStatusOfBringOnlineRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setRemainingDeferredStartTime(0);
        r.setArrayOfFileStatuses(GetStatuses.bringOnline(result));
        return r;
    }

    @Override
    public SrmStatusOfBringOnlineRequestResponse failure(TReturnStatus status) {
        SrmStatusOfBringOnlineRequestResponse r = new SrmStatusOfBringOnlineRequestResponse();
        r.setReturnStatus(status);
        return r;
    }
}

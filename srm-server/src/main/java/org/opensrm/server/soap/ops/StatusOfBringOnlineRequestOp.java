package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.server.core.Caller;
import org.opensrm.server.core.GetService;
import org.opensrm.server.core.TransferResult;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfBringOnlineRequestResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.token.RequestKind;
import org.opensrm.server.token.TokenCodec;
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

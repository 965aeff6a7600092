package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.gateway.TokenCodec;
import org.slf4j.MDC;

/** srmStatusOfGetRequest: re-evaluated from the signed token and the storage. */
public final class StatusOfGetRequestOp
        implements SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> {
    private final GetService gets;

    public StatusOfGetRequestOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public String name() {
        return "srmStatusOfGetRequest";
    }

    @Override
    public SrmStatusOfGetRequestResponse handle(Caller caller, SrmStatusOfGetRequestRequest q) throws SrmException {
        String token = Wire.require("requestToken", q.getRequestToken());
        MDC.put("token", TokenCodec.shortId(token));
        TransferResult result = gets.status(caller, RequestKind.GET, token, Wire.urls(q.getArrayOfSourceSURLs()));
        SrmStatusOfGetRequestResponse r = new SrmStatusOfGetRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(GetStatuses.get(result));
        return r;
    }

    @Override
    public SrmStatusOfGetRequestResponse failure(TReturnStatus status) {
        SrmStatusOfGetRequestResponse r = new SrmStatusOfGetRequestResponse();
        r.setReturnStatus(status);
        return r;
    }
}

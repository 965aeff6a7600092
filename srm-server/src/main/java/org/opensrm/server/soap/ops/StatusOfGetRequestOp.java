package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;

/** srmStatusOfGetRequest: where the request stands (gateway mode: re-evaluated from its signed token). */
public final class StatusOfGetRequestOp
        implements SrmOperation<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse> {
    private final GetService gets;

    public StatusOfGetRequestOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public ResponseType<SrmStatusOfGetRequestResponse> response() {
        return ResponseTypes.STATUS_OF_GET_REQUEST;
    }

    @Override
    public SrmStatusOfGetRequestResponse handle(Caller caller, SrmStatusOfGetRequestRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        TransferResult result = gets.status(caller, RequestKind.GET, token, Wire.urls(q.getArrayOfSourceSURLs()));
        SrmStatusOfGetRequestResponse r = new SrmStatusOfGetRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(GetStatuses.get(result));
        return r;
    }
}

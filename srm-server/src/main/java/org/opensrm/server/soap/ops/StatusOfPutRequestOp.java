package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfPutRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfPutRequestResponse;

/** srmStatusOfPutRequest: where the request stands (gateway mode: re-evaluated from its signed token). */
public final class StatusOfPutRequestOp
        implements SrmOperation<SrmStatusOfPutRequestRequest, SrmStatusOfPutRequestResponse> {
    private final PutService puts;

    public StatusOfPutRequestOp(PutService puts) {
        this.puts = puts;
    }

    @Override
    public ResponseType<SrmStatusOfPutRequestResponse> response() {
        return ResponseTypes.STATUS_OF_PUT_REQUEST;
    }

    @Override
    public SrmStatusOfPutRequestResponse handle(Caller caller, SrmStatusOfPutRequestRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        TransferResult result = puts.status(caller, token, Wire.urls(q.getArrayOfTargetSURLs()));
        SrmStatusOfPutRequestResponse r = new SrmStatusOfPutRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(PutStatuses.of(result));
        return r;
    }
}

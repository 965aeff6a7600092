package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.PutService;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmPutDoneRequest;
import org.opensrm.server.soap.gen.SrmPutDoneResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.core.gateway.TokenCodec;
import org.slf4j.MDC;

/** srmPutDone: verifies each upload and renames it into place. */
public final class PutDoneOp implements SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> {
    private final PutService puts;

    public PutDoneOp(PutService puts) {
        this.puts = puts;
    }

    @Override
    public String name() {
        return "srmPutDone";
    }

    @Override
    public SrmPutDoneResponse handle(Caller caller, SrmPutDoneRequest q) throws SrmException {
        String token = Wire.require("requestToken", q.getRequestToken());
        MDC.put("token", TokenCodec.shortId(token));
        List<FileOutcome> outcomes = puts.putDone(caller, token, Wire.urls(q.getArrayOfSURLs()));
        return FileOutcomes.respond(outcomes, new SrmPutDoneResponse(), SrmPutDoneResponse::setReturnStatus,
                SrmPutDoneResponse::setArrayOfFileStatuses);
    }

    @Override
    public SrmPutDoneResponse failure(TReturnStatus status) {
        SrmPutDoneResponse r = new SrmPutDoneResponse();
        r.setReturnStatus(status);
        return r;
    }
}

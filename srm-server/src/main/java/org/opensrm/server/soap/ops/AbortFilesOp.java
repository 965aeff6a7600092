package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmAbortFilesRequest;
import org.opensrm.server.soap.gen.SrmAbortFilesResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.core.gateway.TokenCodec;
import org.slf4j.MDC;

/** srmAbortFiles: srmAbortRequest for some of a request's SURLs. */
public final class AbortFilesOp implements SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> {
    private final RequestControl control;

    public AbortFilesOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public String name() {
        return "srmAbortFiles";
    }

    @Override
    public SrmAbortFilesResponse handle(Caller caller, SrmAbortFilesRequest q) throws SrmException {
        String token = Wire.require("requestToken", q.getRequestToken());
        MDC.put("token", TokenCodec.shortId(token));
        var surls = Wire.urls(q.getArrayOfSURLs());
        if (surls.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSURLs is empty");
        }
        return FileOutcomes.respond(control.abort(caller, token, surls), new SrmAbortFilesResponse(),
                SrmAbortFilesResponse::setReturnStatus, SrmAbortFilesResponse::setArrayOfFileStatuses);
    }

    @Override
    public SrmAbortFilesResponse failure(TReturnStatus status) {
        SrmAbortFilesResponse r = new SrmAbortFilesResponse();
        r.setReturnStatus(status);
        return r;
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmAbortFilesRequest;
import org.opensrm.server.soap.gen.SrmAbortFilesResponse;

/** srmAbortFiles: srmAbortRequest for some of a request's SURLs. */
public final class AbortFilesOp implements SrmOperation<SrmAbortFilesRequest, SrmAbortFilesResponse> {
    private final RequestControl control;

    public AbortFilesOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmAbortFilesResponse> response() {
        return ResponseTypes.ABORT_FILES;
    }

    @Override
    public SrmAbortFilesResponse handle(Caller caller, SrmAbortFilesRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        var surls = Wire.urls(q.getArrayOfSURLs());
        if (surls.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSURLs is empty");
        }
        return FileOutcomes.respond(control.abort(caller, token, surls), new SrmAbortFilesResponse(),
                SrmAbortFilesResponse::setReturnStatus, SrmAbortFilesResponse::setArrayOfFileStatuses);
    }
}

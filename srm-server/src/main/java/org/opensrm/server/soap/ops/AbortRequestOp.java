package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmAbortRequestRequest;
import org.opensrm.server.soap.gen.SrmAbortRequestResponse;

/** srmAbortRequest: the request's files are aborted; a put's uploads are removed and nothing reaches the target. */
public final class AbortRequestOp implements SrmOperation<SrmAbortRequestRequest, SrmAbortRequestResponse> {
    private final RequestControl control;

    public AbortRequestOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmAbortRequestResponse> response() {
        return ResponseTypes.ABORT_REQUEST;
    }

    @Override
    public SrmAbortRequestResponse handle(Caller caller, SrmAbortRequestRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        List<FileOutcome> outcomes = control.abort(caller, token, List.of());
        SrmAbortRequestResponse r = new SrmAbortRequestResponse();
        r.setReturnStatus(Wire.status(RequestStatus.of(outcomes, FileOutcome::status, SrmStatus.SRM_SUCCESS), null));
        return r;
    }
}

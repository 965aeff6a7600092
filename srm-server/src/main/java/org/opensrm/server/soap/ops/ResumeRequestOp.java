package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmResumeRequestRequest;
import org.opensrm.server.soap.gen.SrmResumeRequestResponse;

/**
 * srmResumeRequest: a suspended request's files progress again from where they stood. {@code SRM_SUCCESS}, or
 * the request control's refusal.
 */
public final class ResumeRequestOp implements SrmOperation<SrmResumeRequestRequest, SrmResumeRequestResponse> {
    private final RequestControl control;

    public ResumeRequestOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmResumeRequestResponse> response() {
        return ResponseTypes.RESUME_REQUEST;
    }

    @Override
    public SrmResumeRequestResponse handle(Caller caller, SrmResumeRequestRequest q) throws SrmException {
        control.resume(caller, Tokens.required(q.getRequestToken()));
        return response().withStatus(Wire.success());
    }
}

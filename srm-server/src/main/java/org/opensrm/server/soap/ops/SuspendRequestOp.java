package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmSuspendRequestRequest;
import org.opensrm.server.soap.gen.SrmSuspendRequestResponse;

/**
 * srmSuspendRequest: the request's waiting files stop progressing until srmResumeRequest; its status calls answer
 * {@code SRM_REQUEST_SUSPENDED} meanwhile. {@code SRM_SUCCESS}, or the request control's refusal.
 */
public final class SuspendRequestOp implements SrmOperation<SrmSuspendRequestRequest, SrmSuspendRequestResponse> {
    private final RequestControl control;

    public SuspendRequestOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmSuspendRequestResponse> response() {
        return ResponseTypes.SUSPEND_REQUEST;
    }

    @Override
    public SrmSuspendRequestResponse handle(Caller caller, SrmSuspendRequestRequest q) throws SrmException {
        control.suspend(caller, Tokens.required(q.getRequestToken()));
        return response().withStatus(Wire.success());
    }
}

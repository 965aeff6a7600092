package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesResponse;
import org.opensrm.server.soap.gen.TReturnStatus;

/** srmReleaseFiles: gateway mode holds no pins, so release checks the request and the files and succeeds. */
public final class ReleaseFilesOp implements SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> {
    private final RequestControl control;

    public ReleaseFilesOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public String name() {
        return "srmReleaseFiles";
    }

    @Override
    public SrmReleaseFilesResponse handle(Caller caller, SrmReleaseFilesRequest q) throws SrmException {
        return FileOutcomes.respond(control.release(caller, q.getRequestToken(), Wire.urls(q.getArrayOfSURLs())),
                new SrmReleaseFilesResponse(), SrmReleaseFilesResponse::setReturnStatus,
                SrmReleaseFilesResponse::setArrayOfFileStatuses);
    }

    @Override
    public SrmReleaseFilesResponse failure(TReturnStatus status) {
        SrmReleaseFilesResponse r = new SrmReleaseFilesResponse();
        r.setReturnStatus(status);
        return r;
    }
}

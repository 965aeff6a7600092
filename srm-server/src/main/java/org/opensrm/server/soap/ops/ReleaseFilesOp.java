package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesResponse;

/** srmReleaseFiles: the request's pins are released (gateway mode holds none: it checks the request and files). */
public final class ReleaseFilesOp implements SrmOperation<SrmReleaseFilesRequest, SrmReleaseFilesResponse> {
    private final RequestControl control;

    public ReleaseFilesOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmReleaseFilesResponse> response() {
        return ResponseTypes.RELEASE_FILES;
    }

    @Override
    public SrmReleaseFilesResponse handle(Caller caller, SrmReleaseFilesRequest q) throws SrmException {
        return FileOutcomes.respond(control.release(caller, q.getRequestToken(), Wire.urls(q.getArrayOfSURLs())),
                new SrmReleaseFilesResponse(), SrmReleaseFilesResponse::setReturnStatus,
                SrmReleaseFilesResponse::setArrayOfFileStatuses);
    }
}

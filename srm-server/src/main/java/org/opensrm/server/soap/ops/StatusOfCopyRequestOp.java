package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.CopyResult;
import org.opensrm.core.service.CopyService;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfCopyRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfCopyRequestResponse;

/** srmStatusOfCopyRequest: where a copy stands, for every file or those named by source or target SURL. */
public final class StatusOfCopyRequestOp
        implements SrmOperation<SrmStatusOfCopyRequestRequest, SrmStatusOfCopyRequestResponse> {
    private final CopyService copies;

    public StatusOfCopyRequestOp(CopyService copies) {
        this.copies = copies;
    }

    @Override
    public ResponseType<SrmStatusOfCopyRequestResponse> response() {
        return ResponseTypes.STATUS_OF_COPY_REQUEST;
    }

    @Override
    public SrmStatusOfCopyRequestResponse handle(Caller caller, SrmStatusOfCopyRequestRequest q)
            throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        CopyResult result = copies.status(caller, token, Wire.urls(q.getArrayOfSourceSURLs()),
                Wire.urls(q.getArrayOfTargetSURLs()));
        SrmStatusOfCopyRequestResponse r = new SrmStatusOfCopyRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(CopyStatuses.of(result));
        return r;
    }
}

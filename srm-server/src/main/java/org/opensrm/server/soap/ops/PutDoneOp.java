package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.PutService;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmPutDoneRequest;
import org.opensrm.server.soap.gen.SrmPutDoneResponse;

/** srmPutDone: verifies each upload and renames it into place. */
public final class PutDoneOp implements SrmOperation<SrmPutDoneRequest, SrmPutDoneResponse> {
    private final PutService puts;

    public PutDoneOp(PutService puts) {
        this.puts = puts;
    }

    @Override
    public ResponseType<SrmPutDoneResponse> response() {
        return ResponseTypes.PUT_DONE;
    }

    @Override
    public SrmPutDoneResponse handle(Caller caller, SrmPutDoneRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        List<FileOutcome> outcomes = puts.putDone(caller, token, Wire.urls(q.getArrayOfSURLs()));
        return FileOutcomes.respond(outcomes, new SrmPutDoneResponse(), SrmPutDoneResponse::setReturnStatus,
                SrmPutDoneResponse::setArrayOfFileStatuses);
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetResponse;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;

/**
 * srmPrepareToGet: each readable file gets a TURL, at once in gateway mode, when its turn comes in full mode (the
 * answer then says {@code SRM_REQUEST_QUEUED} and each waiting file's estimatedWaitTime).
 */
public final class PrepareToGetOp implements SrmOperation<SrmPrepareToGetRequest, SrmPrepareToGetResponse> {
    private final GetService gets;

    public PrepareToGetOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public ResponseType<SrmPrepareToGetResponse> response() {
        return ResponseTypes.PREPARE_TO_GET;
    }

    @Override
    public SrmPrepareToGetResponse handle(Caller caller, SrmPrepareToGetRequest q) throws SrmException {
        List<String> protocols = q.getTransferParameters() == null ? List.of()
                : Wire.strings(q.getTransferParameters().getArrayOfTransferProtocols());
        TransferResult result = gets.prepare(caller, RequestKind.GET,
                new GetRequest(GetStatuses.surls(q.getArrayOfFileRequests()), protocols,
                        java.util.Optional.ofNullable(GetStatuses.seconds(q.getDesiredPinLifeTime())),
                        GetStatuses.options(q.getUserRequestDescription(), q.getDesiredTotalRequestTime())));
        Tokens.logged(result.token());
        SrmPrepareToGetResponse r = new SrmPrepareToGetResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRequestToken(result.token());
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(GetStatuses.get(result));
        return r;
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmBringOnlineRequest;
import org.opensrm.server.soap.gen.SrmBringOnlineResponse;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.gateway.TokenCodec;
import org.slf4j.MDC;

/** srmBringOnline: files on disk are online already; answered at once. */
public final class BringOnlineOp implements SrmOperation<SrmBringOnlineRequest, SrmBringOnlineResponse> {
    private final GetService gets;

    public BringOnlineOp(GetService gets) {
        this.gets = gets;
    }

    @Override
    public String name() {
        return "srmBringOnline";
    }

    @Override
    public SrmBringOnlineResponse handle(Caller caller, SrmBringOnlineRequest q) throws SrmException {
        TransferResult result = gets.prepare(caller, RequestKind.BRING_ONLINE,
                new GetRequest(GetStatuses.surls(q.getArrayOfFileRequests()), java.util.List.of(),
                        java.util.Optional.ofNullable(GetStatuses.seconds(q.getDesiredLifeTime())),
                        GetStatuses.options(q.getUserRequestDescription(), q.getDesiredTotalRequestTime())));
        MDC.put("token", TokenCodec.shortId(result.token()));
        SrmBringOnlineResponse r = new SrmBringOnlineResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRequestToken(result.token());
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setRemainingDeferredStartTime(0);
        r.setArrayOfFileStatuses(GetStatuses.bringOnline(result));
        return r;
    }

    @Override
    public SrmBringOnlineResponse failure(TReturnStatus status) {
        SrmBringOnlineResponse r = new SrmBringOnlineResponse();
        r.setReturnStatus(status);
        return r;
    }
}

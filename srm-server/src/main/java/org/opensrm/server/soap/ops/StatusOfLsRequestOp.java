package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.LsResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfLsRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfLsRequestResponse;

/**
 * srmStatusOfLsRequest: where an asynchronous srmLs stands ({@code SRM_REQUEST_QUEUED},
 * {@code SRM_REQUEST_INPROGRESS}) and, once it is done, its entries from {@code offset}, at most {@code count}.
 */
public final class StatusOfLsRequestOp implements SrmOperation<SrmStatusOfLsRequestRequest, SrmStatusOfLsRequestResponse> {
    private final ListService lister;

    public StatusOfLsRequestOp(ListService lister) {
        this.lister = lister;
    }

    @Override
    public ResponseType<SrmStatusOfLsRequestResponse> response() {
        return ResponseTypes.STATUS_OF_LS_REQUEST;
    }

    @Override
    public SrmStatusOfLsRequestResponse handle(Caller caller, SrmStatusOfLsRequestRequest q) throws SrmException {
        String token = Tokens.required(q.getRequestToken());
        int offset = Wire.notNegative("offset", q.getOffset());
        int count = Wire.notNegative("count", q.getCount());
        LsResult result = lister.statusOfLs(caller, token, offset, count);
        SrmStatusOfLsRequestResponse r = new SrmStatusOfLsRequestResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        if (!result.details().isEmpty()) {
            r.setDetails(PathDetails.of(result.details()));
        }
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestTokenInfo;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTRequestTokenReturn;
import org.opensrm.server.soap.gen.SrmGetRequestTokensRequest;
import org.opensrm.server.soap.gen.SrmGetRequestTokensResponse;
import org.opensrm.server.soap.gen.TRequestTokenReturn;

/**
 * srmGetRequestTokens: the caller's own requests (token and creation time), only those with the given
 * userRequestDescription when one is given (a blank one is none). What finding nothing is, the request control
 * says (full mode: {@code SRM_INVALID_REQUEST}, GFD.129 &sect;5.17).
 */
public final class GetRequestTokensOp implements SrmOperation<SrmGetRequestTokensRequest, SrmGetRequestTokensResponse> {
    private final RequestControl control;

    public GetRequestTokensOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmGetRequestTokensResponse> response() {
        return ResponseTypes.GET_REQUEST_TOKENS;
    }

    @Override
    public SrmGetRequestTokensResponse handle(Caller caller, SrmGetRequestTokensRequest q) throws SrmException {
        String given = q.getUserRequestDescription();
        Optional<String> description = given == null || given.isBlank() ? Optional.empty() : Optional.of(given);
        List<RequestTokenInfo> found = control.tokens(caller, description);
        ArrayOfTRequestTokenReturn array = new ArrayOfTRequestTokenReturn();
        for (RequestTokenInfo info : found) {
            TRequestTokenReturn t = new TRequestTokenReturn();
            t.setRequestToken(info.token());
            t.setCreatedAtTime(info.createdAt());
            array.getTokenArray().add(t);
        }
        SrmGetRequestTokensResponse r = response().withStatus(Wire.success());
        r.setArrayOfRequestTokens(array);
        return r;
    }
}

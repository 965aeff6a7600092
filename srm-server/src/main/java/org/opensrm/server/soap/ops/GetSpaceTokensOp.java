package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmGetSpaceTokensRequest;
import org.opensrm.server.soap.gen.SrmGetSpaceTokensResponse;

/** srmGetSpaceTokens: the static tokens whose description matches. */
public final class GetSpaceTokensOp implements SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> {
    private final SpaceTokens spaces;

    public GetSpaceTokensOp(SpaceTokens spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmGetSpaceTokensResponse> response() {
        return ResponseTypes.GET_SPACE_TOKENS;
    }

    @Override
    public SrmGetSpaceTokensResponse handle(Caller caller, SrmGetSpaceTokensRequest q) {
        var names = spaces.matching(q.getUserSpaceTokenDescription()).stream().map(StaticSpaceToken::name).toList();
        SrmGetSpaceTokensResponse r = new SrmGetSpaceTokensResponse();
        if (names.isEmpty()) {
            r.setReturnStatus(Wire.status(SrmStatus.SRM_INVALID_REQUEST, "no space token matches the description"));
            return r;
        }
        r.setReturnStatus(Wire.success());
        r.setArrayOfSpaceTokens(Wire.stringArray(names));
        return r;
    }
}

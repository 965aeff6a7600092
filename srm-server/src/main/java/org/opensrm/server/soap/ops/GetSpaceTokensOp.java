package org.opensrm.server.soap.ops;

import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.core.space.SpaceToken;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmGetSpaceTokensRequest;
import org.opensrm.server.soap.gen.SrmGetSpaceTokensResponse;

/**
 * srmGetSpaceTokens: the tokens the caller may see whose description matches (gateway mode: the static tokens;
 * full mode: also the reservations of the caller's groups); none is SRM_INVALID_REQUEST.
 */
public final class GetSpaceTokensOp implements SrmOperation<SrmGetSpaceTokensRequest, SrmGetSpaceTokensResponse> {
    private final SpaceManagement spaces;

    public GetSpaceTokensOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmGetSpaceTokensResponse> response() {
        return ResponseTypes.GET_SPACE_TOKENS;
    }

    @Override
    public SrmGetSpaceTokensResponse handle(Caller caller, SrmGetSpaceTokensRequest q) throws SrmException {
        var tokens = spaces.tokens(caller.owner(), Optional.ofNullable(q.getUserSpaceTokenDescription()));
        SrmGetSpaceTokensResponse r = new SrmGetSpaceTokensResponse();
        r.setReturnStatus(Wire.success());
        r.setArrayOfSpaceTokens(Wire.stringArray(tokens.stream().map(SpaceToken::value).toList()));
        return r;
    }
}

package org.opensrm.server.soap.ops;


import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfReserveSpaceRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfReserveSpaceRequestResponse;

/** srmStatusOfReserveSpaceRequest: reservations are answered at once, so no token names one in progress. */
public final class StatusOfReserveSpaceRequestOp
        implements SrmOperation<SrmStatusOfReserveSpaceRequestRequest, SrmStatusOfReserveSpaceRequestResponse> {
    private final SpaceManagement spaces;

    public StatusOfReserveSpaceRequestOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmStatusOfReserveSpaceRequestResponse> response() {
        return ResponseTypes.STATUS_OF_RESERVE_SPACE_REQUEST;
    }

    @Override
    public SrmStatusOfReserveSpaceRequestResponse handle(Caller caller, SrmStatusOfReserveSpaceRequestRequest q)
            throws SrmException {
        var made = spaces.statusOfReserve(caller.owner(), Wire.require("requestToken", q.getRequestToken()));
        SrmStatusOfReserveSpaceRequestResponse r = new SrmStatusOfReserveSpaceRequestResponse();
        r.setReturnStatus(Wire.status(made.status(), null));
        r.setSpaceToken(made.reservation().token().value());
        return r;
    }
}

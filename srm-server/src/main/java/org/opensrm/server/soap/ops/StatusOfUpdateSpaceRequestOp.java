package org.opensrm.server.soap.ops;


import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfUpdateSpaceRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfUpdateSpaceRequestResponse;

/** srmStatusOfUpdateSpaceRequest: updates are answered at once, so no token names one in progress. */
public final class StatusOfUpdateSpaceRequestOp
        implements SrmOperation<SrmStatusOfUpdateSpaceRequestRequest, SrmStatusOfUpdateSpaceRequestResponse> {
    private final SpaceManagement spaces;

    public StatusOfUpdateSpaceRequestOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmStatusOfUpdateSpaceRequestResponse> response() {
        return ResponseTypes.STATUS_OF_UPDATE_SPACE_REQUEST;
    }

    @Override
    public SrmStatusOfUpdateSpaceRequestResponse handle(Caller caller, SrmStatusOfUpdateSpaceRequestRequest q)
            throws SrmException {
        var done = spaces.statusOfUpdate(caller.owner(), Wire.require("requestToken", q.getRequestToken()));
        SrmStatusOfUpdateSpaceRequestResponse r = new SrmStatusOfUpdateSpaceRequestResponse();
        r.setReturnStatus(Wire.status(done.status(), null));
        r.setSizeOfTotalSpace(Wire.size(done.reservation().totalBytes()));
        return r;
    }
}

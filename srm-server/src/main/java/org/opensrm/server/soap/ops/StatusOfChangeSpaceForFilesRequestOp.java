package org.opensrm.server.soap.ops;


import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmStatusOfChangeSpaceForFilesRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfChangeSpaceForFilesRequestResponse;

/** srmStatusOfChangeSpaceForFilesRequest: changes are answered at once, so no token names one in progress. */
public final class StatusOfChangeSpaceForFilesRequestOp implements
        SrmOperation<SrmStatusOfChangeSpaceForFilesRequestRequest, SrmStatusOfChangeSpaceForFilesRequestResponse> {
    private final SpaceManagement spaces;

    public StatusOfChangeSpaceForFilesRequestOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmStatusOfChangeSpaceForFilesRequestResponse> response() {
        return ResponseTypes.STATUS_OF_CHANGE_SPACE_FOR_FILES_REQUEST;
    }

    @Override
    public SrmStatusOfChangeSpaceForFilesRequestResponse handle(Caller caller,
            SrmStatusOfChangeSpaceForFilesRequestRequest q) throws SrmException {
        spaces.statusOfChangeSpaceForFiles(caller.owner(), Wire.require("requestToken", q.getRequestToken()));
        SrmStatusOfChangeSpaceForFilesRequestResponse r = new SrmStatusOfChangeSpaceForFilesRequestResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

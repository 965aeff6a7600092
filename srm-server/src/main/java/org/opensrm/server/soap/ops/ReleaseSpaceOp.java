package org.opensrm.server.soap.ops;

import org.opensrm.core.space.SpaceToken;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmReleaseSpaceRequest;
import org.opensrm.server.soap.gen.SrmReleaseSpaceResponse;

/** srmReleaseSpace: by its owner or an admin; its files stay in the namespace. */
public final class ReleaseSpaceOp implements SrmOperation<SrmReleaseSpaceRequest, SrmReleaseSpaceResponse> {
    private final SpaceManagement spaces;

    public ReleaseSpaceOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmReleaseSpaceResponse> response() {
        return ResponseTypes.RELEASE_SPACE;
    }

    @Override
    public SrmReleaseSpaceResponse handle(Caller caller, SrmReleaseSpaceRequest q) throws SrmException {
        spaces.release(caller.owner(), SpaceToken.parse(q.getSpaceToken()),
                Boolean.TRUE.equals(q.isForceFileRelease()));
        SrmReleaseSpaceResponse r = new SrmReleaseSpaceResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.time.Instant;
import org.opensrm.core.space.SpaceResult;
import org.opensrm.core.space.SpaceToken;
import org.opensrm.core.space.SpaceUpdate;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmUpdateSpaceRequest;
import org.opensrm.server.soap.gen.SrmUpdateSpaceResponse;

/** srmUpdateSpace: resizes or renews a reservation at once (no request token). */
public final class UpdateSpaceOp implements SrmOperation<SrmUpdateSpaceRequest, SrmUpdateSpaceResponse> {
    private final SpaceManagement spaces;

    public UpdateSpaceOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmUpdateSpaceResponse> response() {
        return ResponseTypes.UPDATE_SPACE;
    }

    @Override
    public SrmUpdateSpaceResponse handle(Caller caller, SrmUpdateSpaceRequest q) throws SrmException {
        SpaceUpdate update = new SpaceUpdate(SpaceWire.bytes("newSizeOfTotalSpaceDesired",
                q.getNewSizeOfTotalSpaceDesired()), SpaceWire.bytes("newSizeOfGuaranteedSpaceDesired",
                q.getNewSizeOfGuaranteedSpaceDesired()), SpaceWire.seconds(q.getNewLifeTime()));
        SpaceResult done = spaces.update(caller.owner(), SpaceToken.parse(q.getSpaceToken()), update);
        SrmUpdateSpaceResponse r = new SrmUpdateSpaceResponse();
        r.setReturnStatus(Wire.status(done.status(), null));
        r.setSizeOfTotalSpace(Wire.size(done.reservation().totalBytes()));
        r.setSizeOfGuaranteedSpace(Wire.size(done.reservation().guaranteedBytes()));
        r.setLifetimeGranted(SpaceWire.lifetimeLeft(done.reservation(), Instant.now()));
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.space.SpaceToken;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmPurgeFromSpaceRequest;
import org.opensrm.server.soap.gen.SrmPurgeFromSpaceResponse;

/**
 * srmPurgeFromSpace: files whose lifetime in the space ran out leave it; on disk every file is its only copy, so
 * one still within its lifetime stays (SRM_LAST_COPY).
 */
public final class PurgeFromSpaceOp implements SrmOperation<SrmPurgeFromSpaceRequest, SrmPurgeFromSpaceResponse> {
    private final SpaceManagement spaces;
    private final SurlParser surls;

    public PurgeFromSpaceOp(SpaceManagement spaces, SurlParser surls) {
        this.spaces = spaces;
        this.surls = surls;
    }

    @Override
    public ResponseType<SrmPurgeFromSpaceResponse> response() {
        return ResponseTypes.PURGE_FROM_SPACE;
    }

    @Override
    public SrmPurgeFromSpaceResponse handle(Caller caller, SrmPurgeFromSpaceRequest q) throws SrmException {
        SpaceToken token = SpaceToken.parse(q.getSpaceToken());
        SpaceWire.Surls sent = SpaceWire.parse(surls, caller, Wire.urls(q.getArrayOfSURLs()), Access.MODIFY, true);
        List<SpaceWire.Answer> answers = SpaceWire.merge(sent,
                spaces.purgeFromSpace(caller.owner(), token, sent.paths()), "");
        SrmPurgeFromSpaceResponse r = new SrmPurgeFromSpaceResponse();
        r.setReturnStatus(Wire.status(SpaceWire.overall(answers), null));
        r.setArrayOfFileStatuses(SpaceWire.statuses(answers));
        return r;
    }
}

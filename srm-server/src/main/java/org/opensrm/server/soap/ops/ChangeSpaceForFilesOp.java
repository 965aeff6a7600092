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
import org.opensrm.server.soap.gen.SrmChangeSpaceForFilesRequest;
import org.opensrm.server.soap.gen.SrmChangeSpaceForFilesResponse;

/** srmChangeSpaceForFiles: files move into the target space at once, each counted there (no request token). */
public final class ChangeSpaceForFilesOp
        implements SrmOperation<SrmChangeSpaceForFilesRequest, SrmChangeSpaceForFilesResponse> {
    private final SpaceManagement spaces;
    private final SurlParser surls;

    public ChangeSpaceForFilesOp(SpaceManagement spaces, SurlParser surls) {
        this.spaces = spaces;
        this.surls = surls;
    }

    @Override
    public ResponseType<SrmChangeSpaceForFilesResponse> response() {
        return ResponseTypes.CHANGE_SPACE_FOR_FILES;
    }

    @Override
    public SrmChangeSpaceForFilesResponse handle(Caller caller, SrmChangeSpaceForFilesRequest q) throws SrmException {
        SpaceToken target = SpaceToken.parse(q.getTargetSpaceToken());
        SpaceWire.Surls sent = SpaceWire.parse(surls, caller, Wire.urls(q.getArrayOfSURLs()), Access.MODIFY, true);
        List<SpaceWire.Answer> answers = SpaceWire.merge(sent,
                spaces.changeSpaceForFiles(caller.owner(), target, sent.paths()), "");
        SrmChangeSpaceForFilesResponse r = new SrmChangeSpaceForFilesResponse();
        r.setReturnStatus(Wire.status(SpaceWire.overall(answers), null));
        r.setArrayOfFileStatuses(SpaceWire.statuses(answers));
        return r;
    }
}

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
import org.opensrm.server.soap.gen.ArrayOfTSURLLifetimeReturnStatus;
import org.opensrm.server.soap.gen.SrmExtendFileLifeTimeInSpaceRequest;
import org.opensrm.server.soap.gen.SrmExtendFileLifeTimeInSpaceResponse;
import org.opensrm.server.soap.gen.TSURLLifetimeReturnStatus;

/**
 * srmExtendFileLifeTimeInSpace: how long files stay in the space, never beyond the space's own lifetime; no SURL
 * names every file of the space. Files themselves are permanent (fileLifetime -1).
 */
public final class ExtendFileLifeTimeInSpaceOp
        implements SrmOperation<SrmExtendFileLifeTimeInSpaceRequest, SrmExtendFileLifeTimeInSpaceResponse> {
    private final SpaceManagement spaces;
    private final SurlParser surls;
    private final String surlPrefix;

    /** @param surlPrefix what a path becomes a SURL with ({@code srm://host}) when no SURL was sent */
    public ExtendFileLifeTimeInSpaceOp(SpaceManagement spaces, SurlParser surls, String surlPrefix) {
        this.spaces = spaces;
        this.surls = surls;
        this.surlPrefix = surlPrefix;
    }

    @Override
    public ResponseType<SrmExtendFileLifeTimeInSpaceResponse> response() {
        return ResponseTypes.EXTEND_FILE_LIFE_TIME_IN_SPACE;
    }

    @Override
    public SrmExtendFileLifeTimeInSpaceResponse handle(Caller caller, SrmExtendFileLifeTimeInSpaceRequest q)
            throws SrmException {
        SpaceToken token = SpaceToken.parse(q.getSpaceToken());
        SpaceWire.Surls sent = SpaceWire.parse(surls, caller, Wire.urls(q.getArrayOfSURLs()), Access.READ, false);
        List<SpaceWire.Answer> answers = SpaceWire.merge(sent, spaces.extendFileLifeTimeInSpace(caller.owner(),
                token, sent.paths(), SpaceWire.seconds(q.getNewLifeTime())), surlPrefix);
        ArrayOfTSURLLifetimeReturnStatus array = new ArrayOfTSURLLifetimeReturnStatus();
        for (SpaceWire.Answer a : answers) {
            TSURLLifetimeReturnStatus s = new TSURLLifetimeReturnStatus();
            s.setSurl(a.surl());
            s.setStatus(Wire.status(a.result().status(), a.result().explanation()));
            if (a.ok()) {
                s.setFileLifetime(SpaceWire.INFINITE);
                s.setPinLifetime(SpaceWire.lifetime(a.result().lifetime()));
            }
            array.getStatusArray().add(s);
        }
        SrmExtendFileLifeTimeInSpaceResponse r = new SrmExtendFileLifeTimeInSpaceResponse();
        r.setReturnStatus(Wire.status(answers.isEmpty() ? org.opensrm.common.SrmStatus.SRM_SUCCESS
                : SpaceWire.overall(answers), null));
        r.setArrayOfFileStatuses(array);
        return r;
    }
}

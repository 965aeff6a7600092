package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestControl.ExtendedLifetime;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTSURLLifetimeReturnStatus;
import org.opensrm.server.soap.gen.SrmExtendFileLifeTimeRequest;
import org.opensrm.server.soap.gen.SrmExtendFileLifeTimeResponse;
import org.opensrm.server.soap.gen.TSURLLifetimeReturnStatus;

/** srmExtendFileLifeTime: files are permanent (lifetime -1); pin lifetimes are granted up to the configured one. */
public final class ExtendFileLifeTimeOp
        implements SrmOperation<SrmExtendFileLifeTimeRequest, SrmExtendFileLifeTimeResponse> {
    private final RequestControl control;

    public ExtendFileLifeTimeOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmExtendFileLifeTimeResponse> response() {
        return ResponseTypes.EXTEND_FILE_LIFE_TIME;
    }

    @Override
    public SrmExtendFileLifeTimeResponse handle(Caller caller, SrmExtendFileLifeTimeRequest q) throws SrmException {
        List<ExtendedLifetime> results = control.extend(caller, q.getRequestToken(), Wire.urls(q.getArrayOfSURLs()),
                q.getNewPinLifeTime());
        ArrayOfTSURLLifetimeReturnStatus array = new ArrayOfTSURLLifetimeReturnStatus();
        for (ExtendedLifetime e : results) {
            TSURLLifetimeReturnStatus s = new TSURLLifetimeReturnStatus();
            s.setSurl(e.surl());
            s.setStatus(Wire.status(e.status(), e.explanation()));
            s.setFileLifetime(e.fileLifetime());
            s.setPinLifetime(e.pinLifetime());
            array.getStatusArray().add(s);
        }
        SrmExtendFileLifeTimeResponse r = new SrmExtendFileLifeTimeResponse();
        r.setReturnStatus(Wire.status(RequestStatus.of(results, ExtendFileLifeTimeOp::extended, SrmStatus.SRM_SUCCESS),
                null));
        r.setArrayOfFileStatuses(array);
        return r;
    }

    /** Only an extension made counts as one: a released pin (SRM_RELEASED) was not extended. */
    private static SrmStatus extended(ExtendedLifetime e) {
        return e.status() == SrmStatus.SRM_RELEASED ? SrmStatus.SRM_FAILURE : e.status();
    }
}

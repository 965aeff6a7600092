package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.AccessReport;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTSURLPermissionReturn;
import org.opensrm.server.soap.gen.SrmCheckPermissionRequest;
import org.opensrm.server.soap.gen.SrmCheckPermissionResponse;
import org.opensrm.server.soap.gen.TSURLPermissionReturn;

/** srmCheckPermission: what the caller's account may do with each SURL. */
public final class CheckPermissionOp implements SrmOperation<SrmCheckPermissionRequest, SrmCheckPermissionResponse> {
    private final NamespaceService namespace;

    public CheckPermissionOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmCheckPermissionResponse> response() {
        return ResponseTypes.CHECK_PERMISSION;
    }

    @Override
    public SrmCheckPermissionResponse handle(Caller caller, SrmCheckPermissionRequest q) throws SrmException {
        List<AccessReport> reports = namespace.checkPermission(caller, Wire.urls(q.getArrayOfSURLs()));
        ArrayOfTSURLPermissionReturn array = new ArrayOfTSURLPermissionReturn();
        for (AccessReport a : reports) {
            TSURLPermissionReturn p = new TSURLPermissionReturn();
            p.setSurl(a.surl());
            p.setStatus(Wire.status(a.status(), a.explanation()));
            if (a.rights() != null) {
                p.setPermission(Wire.mode(a.rights().bits()));
            }
            array.getSurlPermissionArray().add(p);
        }
        SrmCheckPermissionResponse r = new SrmCheckPermissionResponse();
        r.setReturnStatus(Wire.status(RequestStatus.of(reports, AccessReport::status, SrmStatus.SRM_SUCCESS), null));
        r.setArrayOfPermissions(array);
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.backend.FileStat;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.PermissionReport;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTGroupPermission;
import org.opensrm.server.soap.gen.ArrayOfTPermissionReturn;
import org.opensrm.server.soap.gen.SrmGetPermissionRequest;
import org.opensrm.server.soap.gen.SrmGetPermissionResponse;
import org.opensrm.server.soap.gen.TGroupPermission;
import org.opensrm.server.soap.gen.TPermissionReturn;

/** srmGetPermission: owner, group and permission bits of each SURL. */
public final class GetPermissionOp implements SrmOperation<SrmGetPermissionRequest, SrmGetPermissionResponse> {
    private final NamespaceService namespace;

    public GetPermissionOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmGetPermissionResponse> response() {
        return ResponseTypes.GET_PERMISSION;
    }

    @Override
    public SrmGetPermissionResponse handle(Caller caller, SrmGetPermissionRequest q) throws SrmException {
        List<PermissionReport> reports = namespace.getPermission(caller, Wire.urls(q.getArrayOfSURLs()));
        ArrayOfTPermissionReturn array = new ArrayOfTPermissionReturn();
        for (PermissionReport p : reports) {
            TPermissionReturn t = new TPermissionReturn();
            t.setSurl(p.surl());
            t.setStatus(Wire.status(p.status(), p.explanation()));
            FileStat s = p.stat();
            if (s != null) {
                t.setOwner(s.ownerName());
                t.setOwnerPermission(Wire.mode(s.mode().owner()));
                TGroupPermission g = new TGroupPermission();
                g.setGroupID(s.groupName());
                g.setMode(Wire.mode(s.mode().group()));
                ArrayOfTGroupPermission groups = new ArrayOfTGroupPermission();
                groups.getGroupPermissionArray().add(g);
                t.setArrayOfGroupPermissions(groups);
                t.setOtherPermission(Wire.mode(s.mode().other()));
            }
            array.getPermissionArray().add(t);
        }
        SrmGetPermissionResponse r = new SrmGetPermissionResponse();
        r.setReturnStatus(Wire.status(RequestStatus.of(reports, PermissionReport::status, SrmStatus.SRM_SUCCESS), null));
        r.setArrayOfPermissionReturns(array);
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.NamespaceService;
import org.opensrm.core.service.PermissionChange;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmSetPermissionRequest;
import org.opensrm.server.soap.gen.SrmSetPermissionResponse;
import org.opensrm.server.soap.gen.TGroupPermission;

/**
 * srmSetPermission on POSIX bits: owner, the entry's group (the first group permission given; a CHANGE without one
 * sets the group to other's bits, {@link PermissionChange}), and other. Modes
 * are accepted by name or, as gfal2 sends them, as digits.
 */
public final class SetPermissionOp implements SrmOperation<SrmSetPermissionRequest, SrmSetPermissionResponse> {
    private final NamespaceService namespace;

    public SetPermissionOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmSetPermissionResponse> response() {
        return ResponseTypes.SET_PERMISSION;
    }

    @Override
    public SrmSetPermissionResponse handle(Caller caller, SrmSetPermissionRequest q) throws SrmException {
        String type = Wire.require("permissionType", q.getPermissionType());
        PermissionChange.Kind kind = PermissionChange.Kind.valueOf(
                Wire.enumValue("permissionType", type, "ADD", "REMOVE", "CHANGE"));
        if (q.getArrayOfUserPermissions() != null && !q.getArrayOfUserPermissions().getUserPermissionArray().isEmpty()) {
            throw new SrmException(org.opensrm.common.SrmStatus.SRM_NOT_SUPPORTED,
                    "per-user permissions (ACLs) are not supported; set owner, group and other");
        }
        Integer group = null;
        if (q.getArrayOfGroupPermissions() != null) {
            List<TGroupPermission> groups = q.getArrayOfGroupPermissions().getGroupPermissionArray();
            if (!groups.isEmpty() && groups.get(0) != null) {
                group = Wire.modeBits("groupPermission mode", groups.get(0).getMode());
            }
        }
        PermissionChange change = new PermissionChange(kind,
                Wire.modeBits("ownerPermission", q.getOwnerPermission()), group,
                Wire.modeBits("otherPermission", q.getOtherPermission()));
        namespace.setPermission(caller, Wire.require("SURL", q.getSURL()), change);
        SrmSetPermissionResponse r = new SrmSetPermissionResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmMkdirRequest;
import org.opensrm.server.soap.gen.SrmMkdirResponse;
import org.opensrm.core.service.NamespaceService;
/** srmMkdir: one directory; a missing parent is SRM_INVALID_PATH (gfal2 then makes the parents), an existing entry SRM_DUPLICATION_ERROR. */
public final class MkdirOp implements SrmOperation<SrmMkdirRequest, SrmMkdirResponse> {
    private final NamespaceService namespace;

    public MkdirOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmMkdirResponse> response() {
        return ResponseTypes.MKDIR;
    }

    @Override
    public SrmMkdirResponse handle(Caller caller, SrmMkdirRequest q) throws SrmException {
        namespace.mkdir(caller, Wire.require("SURL", q.getSURL()));
        SrmMkdirResponse r = new SrmMkdirResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

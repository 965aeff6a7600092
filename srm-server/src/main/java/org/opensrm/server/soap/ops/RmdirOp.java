package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmRmdirRequest;
import org.opensrm.server.soap.gen.SrmRmdirResponse;
import org.opensrm.core.service.NamespaceService;
/** srmRmdir: an empty directory, or with recursive=true everything below it. */
public final class RmdirOp implements SrmOperation<SrmRmdirRequest, SrmRmdirResponse> {
    private final NamespaceService namespace;

    public RmdirOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmRmdirResponse> response() {
        return ResponseTypes.RMDIR;
    }

    @Override
    public SrmRmdirResponse handle(Caller caller, SrmRmdirRequest q) throws SrmException {
        namespace.rmdir(caller, Wire.require("SURL", q.getSURL()), Boolean.TRUE.equals(q.isRecursive()));
        SrmRmdirResponse r = new SrmRmdirResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

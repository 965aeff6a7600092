package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmMvRequest;
import org.opensrm.server.soap.gen.SrmMvResponse;
import org.opensrm.core.service.NamespaceService;
/** srmMv: an atomic rename that never replaces an existing target. */
public final class MvOp implements SrmOperation<SrmMvRequest, SrmMvResponse> {
    private final NamespaceService namespace;

    public MvOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmMvResponse> response() {
        return ResponseTypes.MV;
    }

    @Override
    public SrmMvResponse handle(Caller caller, SrmMvRequest q) throws SrmException {
        namespace.mv(caller, Wire.require("fromSURL", q.getFromSURL()), Wire.require("toSURL", q.getToSURL()));
        SrmMvResponse r = new SrmMvResponse();
        r.setReturnStatus(Wire.success());
        return r;
    }
}

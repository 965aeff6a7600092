package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmRmRequest;
import org.opensrm.server.soap.gen.SrmRmResponse;
import java.util.List;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.NamespaceService;
/** srmRm: removes files, answered per SURL. */
public final class RmOp implements SrmOperation<SrmRmRequest, SrmRmResponse> {
    private final NamespaceService namespace;

    public RmOp(NamespaceService namespace) {
        this.namespace = namespace;
    }

    @Override
    public ResponseType<SrmRmResponse> response() {
        return ResponseTypes.RM;
    }

    @Override
    public SrmRmResponse handle(Caller caller, SrmRmRequest q) throws SrmException {
        List<FileOutcome> outcomes = namespace.rm(caller, Wire.urls(q.getArrayOfSURLs()));
        return FileOutcomes.respond(outcomes, new SrmRmResponse(), SrmRmResponse::setReturnStatus,
                SrmRmResponse::setArrayOfFileStatuses);
    }
}

package org.opensrm.server.soap.ops;

import org.opensrm.core.service.Caller;
import org.opensrm.core.service.Transfers;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTSupportedTransferProtocol;
import org.opensrm.server.soap.gen.SrmGetTransferProtocolsRequest;
import org.opensrm.server.soap.gen.SrmGetTransferProtocolsResponse;
import org.opensrm.server.soap.gen.TSupportedTransferProtocol;

/** srmGetTransferProtocols: the protocols TURLs are offered in, those of the configured doors in the site's order. */
public final class GetTransferProtocolsOp
        implements SrmOperation<SrmGetTransferProtocolsRequest, SrmGetTransferProtocolsResponse> {
    private final Transfers transfers;

    public GetTransferProtocolsOp(Transfers transfers) {
        this.transfers = transfers;
    }

    @Override
    public ResponseType<SrmGetTransferProtocolsResponse> response() {
        return ResponseTypes.GET_TRANSFER_PROTOCOLS;
    }

    @Override
    public SrmGetTransferProtocolsResponse handle(Caller caller, SrmGetTransferProtocolsRequest q) {
        ArrayOfTSupportedTransferProtocol array = new ArrayOfTSupportedTransferProtocol();
        for (String p : transfers.offered()) {
            TSupportedTransferProtocol t = new TSupportedTransferProtocol();
            t.setTransferProtocol(p);
            array.getProtocolArray().add(t);
        }
        SrmGetTransferProtocolsResponse r = new SrmGetTransferProtocolsResponse();
        r.setReturnStatus(Wire.success());
        r.setProtocolInfo(array);
        return r;
    }
}

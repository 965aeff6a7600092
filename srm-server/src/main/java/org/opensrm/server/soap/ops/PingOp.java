package org.opensrm.server.soap.ops;

import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.gen.ArrayOfTExtraInfo;
import org.opensrm.server.soap.gen.SrmPingRequest;
import org.opensrm.server.soap.gen.SrmPingResponse;
import org.opensrm.server.soap.gen.TExtraInfo;

/** srmPing: the protocol version and facts about this server; answers any authenticated client. */
public final class PingOp implements SrmOperation<SrmPingRequest, SrmPingResponse> {
    private final String backendType;
    private final String mode;
    private final String version;

    public PingOp(String backendType, String mode, String version) {
        this.backendType = backendType;
        this.mode = mode;
        this.version = version;
    }

    @Override
    public ResponseType<SrmPingResponse> response() {
        return ResponseTypes.PING;
    }

    @Override
    public boolean needsAccount() {
        return false;
    }

    @Override
    public SrmPingResponse handle(Caller caller, SrmPingRequest q) {
        SrmPingResponse r = new SrmPingResponse();
        r.setVersionInfo("v2.2");
        ArrayOfTExtraInfo info = new ArrayOfTExtraInfo();
        info.getExtraInfoArray().add(extra("backend_type", "OpenSRM"));
        info.getExtraInfoArray().add(extra("backend_version", version));
        info.getExtraInfoArray().add(extra("storage_type", backendType));
        info.getExtraInfoArray().add(extra("srm_mode", mode));
        info.getExtraInfoArray().add(extra("client_dn", caller.dn()));
        r.setOtherInfo(info);
        return r;
    }

    private static TExtraInfo extra(String key, String value) {
        TExtraInfo e = new TExtraInfo();
        e.setKey(key);
        e.setValue(value);
        return e;
    }
}

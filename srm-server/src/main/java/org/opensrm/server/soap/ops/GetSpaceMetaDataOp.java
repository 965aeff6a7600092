package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.backend.SpaceFigures;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.StaticSpaceToken;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.SpaceTokens;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataSpace;
import org.opensrm.server.soap.gen.SrmGetSpaceMetaDataRequest;
import org.opensrm.server.soap.gen.SrmGetSpaceMetaDataResponse;
import org.opensrm.server.soap.gen.TMetaDataSpace;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;

/** srmGetSpaceMetaData: sizes of static space tokens, from configuration and the storage. */
public final class GetSpaceMetaDataOp implements SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> {
    private final SpaceTokens spaces;

    public GetSpaceMetaDataOp(SpaceTokens spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmGetSpaceMetaDataResponse> response() {
        return ResponseTypes.GET_SPACE_META_DATA;
    }

    @Override
    public SrmGetSpaceMetaDataResponse handle(Caller caller, SrmGetSpaceMetaDataRequest q) throws SrmException {
        List<String> names = Wire.strings(q.getArrayOfSpaceTokens());
        if (names.isEmpty()) {
            throw SrmException.invalidRequest("arrayOfSpaceTokens is empty");
        }
        ArrayOfTMetaDataSpace array = new ArrayOfTMetaDataSpace();
        int ok = 0;
        for (String name : names) {
            TMetaDataSpace m = new TMetaDataSpace();
            m.setSpaceToken(name);
            try {
                StaticSpaceToken t = spaces.find(name);
                SpaceFigures f = spaces.figures(t);
                TRetentionPolicyInfo retention = new TRetentionPolicyInfo();
                retention.setRetentionPolicy("REPLICA");
                retention.setAccessLatency("ONLINE");
                m.setRetentionPolicyInfo(retention);
                m.setTotalSize(Wire.size(f.totalBytes()));
                m.setGuaranteedSize(Wire.size(f.totalBytes()));
                m.setUnusedSize(Wire.size(f.freeBytes()));
                m.setLifetimeAssigned(-1);
                m.setLifetimeLeft(-1);
                m.setStatus(Wire.success());
                ok++;
            } catch (SrmException e) {
                m.setStatus(Wire.status(e.status(), e.getMessage()));
            }
            array.getSpaceDataArray().add(m);
        }
        SrmGetSpaceMetaDataResponse r = new SrmGetSpaceMetaDataResponse();
        r.setReturnStatus(Wire.status(ok == names.size() ? SrmStatus.SRM_SUCCESS
                : ok > 0 ? SrmStatus.SRM_PARTIAL_SUCCESS : SrmStatus.SRM_INVALID_REQUEST, null));
        r.setArrayOfSpaceDetails(array);
        return r;
    }
}

package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceDetail;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataSpace;
import org.opensrm.server.soap.gen.SrmGetSpaceMetaDataRequest;
import org.opensrm.server.soap.gen.SrmGetSpaceMetaDataResponse;
import org.opensrm.server.soap.gen.TMetaDataSpace;

/**
 * srmGetSpaceMetaData: sizes and lifetimes of each token (static tokens: the configured size or the storage's
 * figures, infinite lifetime), one answer per token in order; a bad token fails alone. A reservation whose lifetime
 * ended is described all the same, with {@code SRM_SPACE_LIFETIME_EXPIRED} as its own status: the request-level
 * status counts it as answered ({@code SRM_SUCCESS} when every token was described, {@code SRM_PARTIAL_SUCCESS} when
 * some were, {@code SRM_INVALID_REQUEST} when none was).
 */
public final class GetSpaceMetaDataOp implements SrmOperation<SrmGetSpaceMetaDataRequest, SrmGetSpaceMetaDataResponse> {
    private final SpaceManagement spaces;

    public GetSpaceMetaDataOp(SpaceManagement spaces) {
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
        for (SpaceDetail d : spaces.metaData(caller.owner(), names)) {
            TMetaDataSpace m = new TMetaDataSpace();
            m.setSpaceToken(d.token());
            m.setStatus(Wire.status(d.status(), d.explanation()));
            if (d.reservation().isPresent()) {
                SpaceReservation r = d.reservation().get();
                m.setRetentionPolicyInfo(SpaceWire.retention(r));
                if (!r.isStatic()) {
                    m.setOwner(r.owner().dn());
                }
                m.setTotalSize(Wire.size(r.totalBytes()));
                m.setGuaranteedSize(Wire.size(r.guaranteedBytes()));
                m.setUnusedSize(Wire.size(r.totalBytes() - r.usedBytes()));
                m.setLifetimeAssigned(SpaceWire.lifetimeAssigned(r));
                m.setLifetimeLeft(SpaceWire.lifetime(d.lifetimeLeft()));
            }
            if (d.reservation().isPresent()) {
                ok++; // described, valid or expired (SRM_SPACE_LIFETIME_EXPIRED is that space's state)
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

package org.opensrm.server.soap.ops;

import java.util.Optional;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.space.AccessLatency;
import org.opensrm.core.space.ReserveRequest;
import org.opensrm.core.space.RetentionPolicy;
import org.opensrm.core.space.SpaceResult;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.space.SpaceManagement;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmReserveSpaceRequest;
import org.opensrm.server.soap.gen.SrmReserveSpaceResponse;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;

/**
 * srmReserveSpace: a reservation for the caller's primary VOMS group, answered at once (no request token):
 * SRM_SUCCESS, or SRM_LOWER_SPACE_GRANTED with less total space than desired.
 */
public final class ReserveSpaceOp implements SrmOperation<SrmReserveSpaceRequest, SrmReserveSpaceResponse> {
    private final SpaceManagement spaces;

    public ReserveSpaceOp(SpaceManagement spaces) {
        this.spaces = spaces;
    }

    @Override
    public ResponseType<SrmReserveSpaceResponse> response() {
        return ResponseTypes.RESERVE_SPACE;
    }

    @Override
    public SrmReserveSpaceResponse handle(Caller caller, SrmReserveSpaceRequest q) throws SrmException {
        TRetentionPolicyInfo info = Wire.require("retentionPolicyInfo", q.getRetentionPolicyInfo());
        RetentionPolicy retention = RetentionPolicy.valueOf(Wire.enumValue("retentionPolicy",
                Wire.require("retentionPolicy", info.getRetentionPolicy()), "REPLICA", "OUTPUT", "CUSTODIAL"));
        Optional<AccessLatency> latency = Optional.ofNullable(Wire.enumValue("accessLatency", info.getAccessLatency(),
                "ONLINE", "NEARLINE")).map(AccessLatency::valueOf);
        long guaranteed = SpaceWire.bytes("desiredSizeOfGuaranteedSpace",
                Wire.require("desiredSizeOfGuaranteedSpace", q.getDesiredSizeOfGuaranteedSpace())).getAsLong();
        ReserveRequest request = new ReserveRequest(Optional.ofNullable(q.getUserSpaceTokenDescription()), retention,
                latency, SpaceWire.bytes("desiredSizeOfTotalSpace", q.getDesiredSizeOfTotalSpace()), guaranteed,
                SpaceWire.seconds(q.getDesiredLifetimeOfReservedSpace()));
        SpaceResult made = spaces.reserve(caller.owner(), request);
        SrmReserveSpaceResponse r = new SrmReserveSpaceResponse();
        r.setReturnStatus(Wire.status(made.status(), made.status() == SrmStatus.SRM_LOWER_SPACE_GRANTED
                ? "less total space than desired was granted" : null));
        r.setSpaceToken(made.reservation().token().value());
        r.setRetentionPolicyInfo(SpaceWire.retention(made.reservation()));
        r.setSizeOfTotalReservedSpace(Wire.size(made.reservation().totalBytes()));
        r.setSizeOfGuaranteedReservedSpace(Wire.size(made.reservation().guaranteedBytes()));
        r.setLifetimeOfReservedSpace(SpaceWire.lifetimeAssigned(made.reservation()));
        return r;
    }
}

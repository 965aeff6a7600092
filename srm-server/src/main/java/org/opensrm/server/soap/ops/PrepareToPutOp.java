package org.opensrm.server.soap.ops;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.PutService;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmPrepareToPutRequest;
import org.opensrm.server.soap.gen.SrmPrepareToPutResponse;
import org.opensrm.server.soap.gen.TPutFileRequest;

/**
 * srmPrepareToPut: each file gets a TURL to its upload in the staging area, at once in gateway mode, when its turn
 * comes in full mode (the answer then says {@code SRM_REQUEST_QUEUED} and each waiting file's estimatedWaitTime).
 */
public final class PrepareToPutOp implements SrmOperation<SrmPrepareToPutRequest, SrmPrepareToPutResponse> {
    private final PutService puts;

    public PrepareToPutOp(PutService puts) {
        this.puts = puts;
    }

    @Override
    public ResponseType<SrmPrepareToPutResponse> response() {
        return ResponseTypes.PREPARE_TO_PUT;
    }

    @Override
    public SrmPrepareToPutResponse handle(Caller caller, SrmPrepareToPutRequest q) throws SrmException {
        List<PutFile> files = new ArrayList<>();
        if (q.getArrayOfFileRequests() != null) {
            for (TPutFileRequest f : q.getArrayOfFileRequests().getRequestArray()) {
                if (f == null) {
                    continue;
                }
                BigInteger size = f.getExpectedFileSize();
                if (size != null && (size.signum() < 0 || size.bitLength() > 63)) {
                    throw SrmException.invalidRequest("expectedFileSize out of range: " + size);
                }
                files.add(new PutFile(Wire.require("targetSURL", f.getTargetSURL()), size == null ? 0 : size.longValue()));
            }
        }
        String overwrite = Wire.enumValue("overwriteOption", q.getOverwriteOption(), "NEVER", "ALWAYS", "WHEN_FILES_ARE_DIFFERENT");
        Wire.enumValue("desiredFileStorageType", q.getDesiredFileStorageType(), "VOLATILE", "DURABLE", "PERMANENT");
        List<String> protocols = q.getTransferParameters() == null ? List.of()
                : Wire.strings(q.getTransferParameters().getArrayOfTransferProtocols());
        Integer total = q.getDesiredTotalRequestTime();
        TransferResult result = puts.prepare(caller, new PutRequest(files, protocols, "ALWAYS".equals(overwrite),
                Optional.ofNullable(q.getTargetSpaceToken()),
                Optional.ofNullable(GetStatuses.seconds(q.getDesiredPinLifeTime())),
                GetStatuses.options(q.getUserRequestDescription(), total)));
        Tokens.logged(result.token());
        SrmPrepareToPutResponse r = new SrmPrepareToPutResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRequestToken(result.token());
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(PutStatuses.of(result));
        return r;
    }
}

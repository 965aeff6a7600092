package org.opensrm.server.soap.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.CopyRequest;
import org.opensrm.core.service.CopyResult;
import org.opensrm.core.service.CopyService;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmCopyRequest;
import org.opensrm.server.soap.gen.SrmCopyResponse;
import org.opensrm.server.soap.gen.TCopyFileRequest;

/**
 * srmCopy: files copied between this storage element and another with the credential the client delegated on its
 * connection (full mode queues them; gateway mode answers {@code SRM_NOT_SUPPORTED}).
 */
public final class CopyOp implements SrmOperation<SrmCopyRequest, SrmCopyResponse> {
    private final CopyService copies;

    public CopyOp(CopyService copies) {
        this.copies = copies;
    }

    @Override
    public ResponseType<SrmCopyResponse> response() {
        return ResponseTypes.COPY;
    }

    @Override
    public SrmCopyResponse handle(Caller caller, SrmCopyRequest q) throws SrmException {
        List<CopyRequest.CopyPair> files = new ArrayList<>();
        if (q.getArrayOfFileRequests() != null) {
            for (TCopyFileRequest f : q.getArrayOfFileRequests().getRequestArray()) {
                if (f != null) {
                    files.add(new CopyRequest.CopyPair(f.getSourceSURL(), f.getTargetSURL()));
                }
            }
        }
        String overwrite = Wire.enumValue("overwriteOption", q.getOverwriteOption(), "NEVER", "ALWAYS",
                "WHEN_FILES_ARE_DIFFERENT");
        Wire.enumValue("targetFileStorageType", q.getTargetFileStorageType(), "VOLATILE", "DURABLE", "PERMANENT");
        CopyResult result = copies.copy(caller, new CopyRequest(files, "ALWAYS".equals(overwrite),
                Optional.ofNullable(q.getTargetSpaceToken()),
                GetStatuses.options(q.getUserRequestDescription(), q.getDesiredTotalRequestTime())));
        Tokens.logged(result.token());
        SrmCopyResponse r = new SrmCopyResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        r.setRequestToken(result.token());
        r.setRemainingTotalRequestTime(result.remainingSeconds());
        r.setArrayOfFileStatuses(CopyStatuses.of(result));
        return r;
    }
}

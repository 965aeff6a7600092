package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.ListService;
import org.opensrm.core.service.LsOptions;
import org.opensrm.core.service.LsResult;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmLsResponse;

/**
 * srmLs: stat and listing. Answered at once (gateway mode, and small listings in full mode) with every entry; or,
 * when the service queues the listing, with its request token and {@code SRM_REQUEST_QUEUED} or
 * {@code SRM_REQUEST_INPROGRESS}, the entries then coming from srmStatusOfLsRequest (GFD.129 §4.4).
 */
public final class LsOp implements SrmOperation<SrmLsRequest, SrmLsResponse> {
    private final ListService lister;

    public LsOp(ListService lister) {
        this.lister = lister;
    }

    @Override
    public ResponseType<SrmLsResponse> response() {
        return ResponseTypes.LS;
    }

    @Override
    public SrmLsResponse handle(Caller caller, SrmLsRequest q) throws SrmException {
        Wire.enumValue("fileStorageType", q.getFileStorageType(), "VOLATILE", "DURABLE", "PERMANENT");
        boolean full = Boolean.TRUE.equals(q.isFullDetailedList());
        int levels = Boolean.TRUE.equals(q.isAllLevelRecursive()) ? -1
                : q.getNumOfLevels() == null ? 1 : q.getNumOfLevels();
        int offset = q.getOffset() == null ? 0 : q.getOffset();
        int count = q.getCount() == null ? 0 : q.getCount();
        LsResult result = lister.ls(caller, Wire.urls(q.getArrayOfSURLs()), new LsOptions(full, levels, offset, count));
        SrmLsResponse r = new SrmLsResponse();
        r.setReturnStatus(Wire.status(result.status(), result.explanation()));
        if (result.token().isPresent()) {
            Tokens.logged(result.token().get());
            r.setRequestToken(result.token().get());
            if (!result.details().isEmpty()) {
                r.setDetails(PathDetails.of(result.details()));
            }
        } else {
            r.setDetails(PathDetails.of(result.details()));
        }
        return r;
    }
}
